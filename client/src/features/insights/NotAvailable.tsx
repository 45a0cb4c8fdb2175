import { BackHomeButton, ErrorLayout } from '../errors';

/** What a signed-in user who is not an analyst sees at /insights. */
export function NotAvailable() {
  return (
    <ErrorLayout title="Not available">
      <p className="lead">The insights page is for PatentScout's analysts.</p>
      <BackHomeButton />
    </ErrorLayout>
  );
}
