import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import NavDropdown from 'react-bootstrap/NavDropdown';
import Navbar from 'react-bootstrap/Navbar';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Spinner from 'react-bootstrap/Spinner';
import Tooltip from 'react-bootstrap/Tooltip';
import { PRODUCT_NAME } from '@patentscout/schema';
import { PlanStatus } from '../__generated__/graphql';
import { useAccount } from '../session/AccountProvider';
import { useAuth } from '../session/AuthProvider';
import { useSignOut } from '../session/SignOutProvider';

function BrandMark() {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="me-2 align-text-bottom"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
    >
      <circle cx="10" cy="10" r="6.5" />
      <path d="M15 15l6 6" strokeLinecap="round" />
      <path d="M10 6.5v7M6.5 10h7" strokeLinecap="round" />
    </svg>
  );
}

function DiscovererBadge() {
  return (
    <OverlayTrigger
      placement="bottom"
      overlay={<Tooltip id="discoverer-tooltip">You're subscribed to the Discover plan!</Tooltip>}
    >
      <Badge bg="success" tabIndex={0} className="ms-2" aria-describedby="discoverer-tooltip">
        Discoverer
      </Badge>
    </OverlayTrigger>
  );
}

export function AppHeader() {
  const { authed, user } = useAuth();
  const { account, loading: accountLoading, searchCount } = useAccount();
  const { requestSignOut } = useSignOut();
  const name = user?.displayName || account?.name;
  // The phone menu says whether it is open, and folds away once a page is chosen.
  const [expanded, setExpanded] = useState(false);
  const { key } = useLocation();
  useEffect(() => setExpanded(false), [key]);

  return (
    <header>
      <Navbar bg="light" expand="md" className="border-bottom" expanded={expanded} onToggle={setExpanded}>
        <Container fluid style={{ maxWidth: '120ch' }}>
          <Navbar.Brand as={Link} to="/home" className="fw-bold text-primary">
            <BrandMark />
            {PRODUCT_NAME}
          </Navbar.Brand>
          <Navbar.Toggle aria-controls="main-nav" aria-label="Toggle navigation" aria-expanded={expanded} />
          <Navbar.Collapse id="main-nav">
            <Nav className="me-auto">
              {authed ? (
                <NavDropdown title="Navigate" id="navigate-menu">
                  <NavDropdown.Item as={Link} to="/home">
                    Home
                  </NavDropdown.Item>
                  <NavDropdown.Item as={Link} to="/search/university-searches">
                    University Searches
                  </NavDropdown.Item>
                  <NavDropdown.Divider />
                  <NavDropdown.Item as={Link} to="/favourites">
                    Favourites
                  </NavDropdown.Item>
                  <NavDropdown.Item as={Link} to="/collections">
                    Collections
                  </NavDropdown.Item>
                  <NavDropdown.Item as={Link} to="/account">
                    My Account
                  </NavDropdown.Item>
                  {account?.analyst ? (
                    <>
                      <NavDropdown.Divider />
                      <NavDropdown.Item as={Link} to="/insights">
                        Insights
                      </NavDropdown.Item>
                    </>
                  ) : null}
                </NavDropdown>
              ) : (
                <Nav.Link as={Link} to="/">
                  Create account or Log In
                </Nav.Link>
              )}
            </Nav>
            <div className="d-flex flex-column flex-md-row align-items-md-center gap-2 small">
              <span>
                {name ? `Welcome, ${name}!` : 'Welcome!'}
                {account?.plan.status === PlanStatus.Active ? <DiscovererBadge /> : null}
              </span>
              {authed && accountLoading ? (
                <Spinner animation="border" size="sm" role="status">
                  <span className="visually-hidden">Loading your account...</span>
                </Spinner>
              ) : null}
              {authed && searchCount > 0 ? (
                <span className="text-muted">This month, you've done {searchCount} searches.</span>
              ) : null}
              {authed ? (
                <Button variant="outline-dark" size="sm" onClick={requestSignOut}>
                  Sign Out
                </Button>
              ) : null}
            </div>
          </Navbar.Collapse>
        </Container>
      </Navbar>
    </header>
  );
}
