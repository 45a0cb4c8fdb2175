export { UniversitySearchesPage } from './UniversitySearchesPage';
