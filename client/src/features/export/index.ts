export { ExportMenu } from './ExportMenu';
export type { ExportItem } from './exportRows';
