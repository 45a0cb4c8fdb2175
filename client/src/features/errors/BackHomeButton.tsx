import { useNavigate } from 'react-router';
import Button from 'react-bootstrap/Button';
import { useAuth } from '../../session/AuthProvider';

/** 'Back Home' goes to the search page when signed in, else to the landing page. */
export function BackHomeButton() {
  const { authed } = useAuth();
  const navigate = useNavigate();
  return (
    <Button variant="primary" onClick={() => void navigate(authed ? '/home' : '/')}>
      Back Home
    </Button>
  );
}
