export { AccountLoadError } from './AccountLoadError';
export { AccountLoadErrorPage } from './AccountLoadErrorPage';
export { NotFoundPage } from './NotFoundPage';
export { RouteErrorPage } from './RouteErrorPage';
