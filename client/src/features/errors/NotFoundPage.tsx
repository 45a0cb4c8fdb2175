import { BackHomeButton } from './BackHomeButton';
import { ErrorLayout } from './ErrorLayout';

export function NotFoundPage() {
  return (
    <ErrorLayout title="Oops! 404 Not Found">
      <p className="lead">You found a page that doesn't exist...</p>
      <BackHomeButton />
    </ErrorLayout>
  );
}
