import { isRouteErrorResponse, useRouteError } from 'react-router';
import { AccountLoadError } from './AccountLoadError';
import { AccountLoadErrorPage } from './AccountLoadErrorPage';
import { BackHomeButton } from './BackHomeButton';
import { ErrorLayout } from './ErrorLayout';
import { NotFoundPage } from './NotFoundPage';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || String(error.status);
  if (error instanceof Error) return error.message;
  return 'Unknown error';
}

/** The router's error element: 404s, the account-load failure, and everything else. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (error instanceof AccountLoadError) return <AccountLoadErrorPage />;
  console.error('Unexpected error while rendering a page', error);
  return (
    <ErrorLayout title="Oops!">
      <p className="lead">Sorry, an unexpected error has occurred.</p>
      <p className="text-muted">
        <i>{describe(error)}</i>
      </p>
      <BackHomeButton />
    </ErrorLayout>
  );
}
