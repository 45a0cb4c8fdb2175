import Spinner from 'react-bootstrap/Spinner';

/** The calm full-area spinner shown while something the page needs is on its way. */
export function CenteredSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="d-flex justify-content-center align-items-center py-5" style={{ minHeight: '40vh' }}>
      <Spinner animation="border" role="status" variant="primary">
        <span className="visually-hidden">{label}</span>
      </Spinner>
    </div>
  );
}
