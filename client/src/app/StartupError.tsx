import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { PRODUCT_NAME } from '@patentscout/schema';

/** Shown when the app cannot even load its configuration (server down, network gone). */
export function StartupError({ message }: { message: string }) {
  return (
    <main className="app-content mx-auto px-3 pt-5">
      <Alert variant="danger">
        <Alert.Heading as="h1" className="h4">
          {PRODUCT_NAME} could not start
        </Alert.Heading>
        <p>{message}</p>
        <p className="mb-0">Please check your connection and try again.</p>
      </Alert>
      <Button variant="primary" onClick={() => window.location.reload()}>
        Try again
      </Button>
    </main>
  );
}
