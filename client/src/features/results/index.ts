export { ResultsPage } from './ResultsPage';
export { documentNumber } from './PatentCard';
