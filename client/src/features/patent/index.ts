export { PatentPage } from './PatentPage';
