import { Link } from 'react-router';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useAuth } from '../../session/AuthProvider';

const EVERY_PLAN = [
  'AI search and Advanced search',
  'AI titles, summaries and sample uses',
  'Filters by industry, status, country and years',
  'Favourites and weekly e-mail updates',
  'University patent searches',
];

function PlanCard(props: {
  name: string;
  price: string;
  tagline: string;
  items: string[];
  action: React.ReactNode;
}) {
  return (
    <Card className="h-100 shadow-sm">
      <Card.Body className="d-flex flex-column">
        <h2 className="h4">{props.name}</h2>
        <p className="display-6 mb-1">{props.price}</p>
        <p className="text-muted">{props.tagline}</p>
        <ul className="mb-4">
          {props.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <div className="mt-auto">{props.action}</div>
      </Card.Body>
    </Card>
  );
}

export function PricingPage() {
  const { user } = useAuth();
  return (
    <>
      <h1 className="h2 text-center mb-4">Plans and pricing</h1>
      <Row xs={1} md={2} className="g-4 justify-content-center mx-auto" style={{ maxWidth: '60rem' }}>
        <Col>
          <PlanCard
            name="Free plan"
            price="$0"
            tagline="Everything you need to try an idea."
            items={['20 searches a month', ...EVERY_PLAN]}
            action={
              user ? (
                <Link to="/home" className="btn btn-outline-primary">
                  Start searching
                </Link>
              ) : (
                <Link to="/" className="btn btn-outline-primary">
                  Sign up for free
                </Link>
              )
            }
          />
        </Col>
        <Col>
          <PlanCard
            name="Discover plan"
            price="$29 per month"
            tagline="Level up your search. Be the first to find the next big opportunity."
            items={['Unlimited searches', ...EVERY_PLAN, 'Cancel at any time from My Account']}
            action={
              <Link to={user ? '/account' : '/'} className="btn btn-primary">
                {user ? 'Subscribe from My Account' : 'Sign in to subscribe'}
              </Link>
            }
          />
        </Col>
      </Row>
      <p className="text-center text-muted small mt-4">
        Prices in US dollars. Payments are handled by Stripe.
      </p>
    </>
  );
}
