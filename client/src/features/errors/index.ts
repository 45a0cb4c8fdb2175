export { AccountLoadError } from './AccountLoadError';
export { AccountLoadErrorPage } from './AccountLoadErrorPage';
export { NotFoundPage } from './NotFoundPage';
export { RouteErrorPage } from './RouteErrorPage';
export { BackHomeButton } from './BackHomeButton';
export { ErrorLayout } from './ErrorLayout';
