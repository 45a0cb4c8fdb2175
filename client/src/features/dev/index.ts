export { DevEmailsPage } from './DevEmailsPage';
