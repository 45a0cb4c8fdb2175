import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';

/** Account deletion needs a server operation that does not exist yet; the button waits for it. */
export function DangerZone() {
  return (
    <section aria-labelledby="danger-zone-title" className="mb-5">
      <Card border="danger" style={{ maxWidth: '32rem' }}>
        <Card.Body>
          <h2 id="danger-zone-title" className="h4 text-danger">
            Danger Zone
          </h2>
          <p className="small">
            Deleting your account can't be undone. Your data is removed from our system within 30 days.
          </p>
          <Button variant="outline-danger" disabled title="Coming soon" aria-describedby="delete-note">
            Delete Account
          </Button>
          <p id="delete-note" className="small text-muted mt-2 mb-0">
            Deleting your account online is coming soon. Until then, contact us and we will do it for you.
          </p>
        </Card.Body>
      </Card>
    </section>
  );
}
