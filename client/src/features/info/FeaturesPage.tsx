import { Link } from 'react-router';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { PRODUCT_NAME } from '@patentscout/schema';

const FEATURES = [
  {
    title: 'AI search',
    text: 'Describe an idea in your own words. The search weighs your rarest words most and finds the patents that use them, whatever the wording of their claims.',
  },
  {
    title: 'Advanced search',
    text: 'Field queries in the syntax of The Lens: titles, abstracts, claims, inventors, owners, IPC and CPC classes, phrases, proximity, wildcards and date ranges.',
  },
  {
    title: 'Plain-language summaries',
    text: 'Every result comes with an AI title, a short summary and sample uses, so you can tell in seconds whether a patent matters to you.',
  },
  {
    title: 'Filters that fit your question',
    text: 'Narrow results by industry, legal status, country and years, and sort them by relevance or date.',
  },
  {
    title: 'Favourites',
    text: 'Keep the patents worth a second look in one place, and come back to them from any device.',
  },
  {
    title: 'Weekly updates',
    text: 'Follow a search and receive the new matching patents by e-mail every week, with a one-click unsubscribe.',
  },
  {
    title: 'Deep one-shot searches',
    text: 'Order a thorough search of the whole corpus; its results reach your inbox a few minutes later, with a PDF to share.',
  },
  {
    title: 'University patents',
    text: "Curated searches over universities' patent portfolios, ready to browse for licensing opportunities.",
  },
];

export function FeaturesPage() {
  return (
    <>
      <section className="text-center py-3">
        <h1 className="h2">What {PRODUCT_NAME} does</h1>
        <p className="lead text-muted mx-auto" style={{ maxWidth: '60ch' }}>
          Find the patents behind tomorrow's ideas, read them in plain language, and keep up with what is new.
        </p>
      </section>
      <Row xs={1} md={2} lg={4} className="g-3">
        {FEATURES.map((feature) => (
          <Col key={feature.title}>
            <Card className="h-100 shadow-sm">
              <Card.Body>
                <h2 className="h5">{feature.title}</h2>
                <p className="mb-0">{feature.text}</p>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
      <p className="text-center mt-4">
        <Link to="/docs">Read the documentation</Link> · <Link to="/pricing">See the plans</Link> ·{' '}
        <Link to="/">Sign in to start</Link>
      </p>
    </>
  );
}
