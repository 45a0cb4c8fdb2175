export { ResultsPage } from './ResultsPage';
export { createResultsLoader } from './resultsLoader';
