import Button from 'react-bootstrap/Button';
import { ErrorLayout } from './ErrorLayout';

export function AccountLoadErrorPage() {
  return (
    <ErrorLayout title="Unable to load user account">
      <p className="lead">
        We couldn't load your account just now. Please refresh the page, or try again later.
      </p>
      <Button variant="primary" onClick={() => window.location.reload()}>
        Refresh
      </Button>
    </ErrorLayout>
  );
}
