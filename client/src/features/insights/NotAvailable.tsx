import { BackHomeButton, ErrorLayout } from '../errors';
import { PRODUCT_NAME } from '@patentscout/schema';

/** What a signed-in user who is not an analyst sees at /insights. */
export function NotAvailable() {
  return (
    <ErrorLayout title="Not available">
      <p className="lead">The insights page is for {PRODUCT_NAME}'s analysts.</p>
      <BackHomeButton />
    </ErrorLayout>
  );
}
