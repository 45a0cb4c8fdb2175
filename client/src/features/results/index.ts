export { ResultsPage } from './ResultsPage';
export { documentNumber } from '../../ui/format';
export { createResultsLoader } from './resultsLoader';
export { ExportMenu } from './ExportMenu';
