import { useNavigate } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { PRODUCT_NAME } from '@patentscout/schema';
import { useAccount } from '../../session/AccountProvider';

export function LimitedBanner() {
  const navigate = useNavigate();
  // The allowance is the server's (FREE_SEARCHES_PER_MONTH); the banner shows only once it is loaded.
  const freeSearches = useAccount().account?.freeSearchesPerMonth;
  return (
    <Alert
      variant="info"
      className="d-flex flex-column flex-md-row align-items-md-center justify-content-between gap-2"
    >
      <div>
        <div className="fw-semibold">It looks like you're enjoying {PRODUCT_NAME}!</div>
        <div className="small">
          You've used the {freeSearches} free searches of this month. Upgrade to keep searching.
        </div>
      </div>
      <Button variant="primary" onClick={() => void navigate('/account')}>
        Upgrade my account
      </Button>
    </Alert>
  );
}
