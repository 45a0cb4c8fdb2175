export { AuthActionPage } from './AuthActionPage';
