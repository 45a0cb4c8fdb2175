export { ResultsPage } from './ResultsPage';
export { documentNumber } from './PatentCard';
export { createResultsLoader } from './resultsLoader';
