import { Link } from 'react-router';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { TRENDING_TOPICS } from './reference/trending';
import { resultsAddress, YEAR_MAX, YEAR_MIN } from '@patentscout/schema';

/** Example topics that open AI search results; limited accounts see them greyed out. */
export function TrendingSearches({ disabled }: { disabled: boolean }) {
  return (
    <Card as="aside" aria-labelledby="trending-title" className="shadow-sm">
      <Card.Body>
        <h2 id="trending-title" className="h5">
          Trending searches
        </h2>
        <ListGroup variant="flush">
          {TRENDING_TOPICS.map((topic) =>
            disabled ? (
              <ListGroup.Item key={topic} disabled aria-disabled="true" className="small px-0">
                {topic}
              </ListGroup.Item>
            ) : (
              <ListGroup.Item key={topic} className="small px-0">
                <Link to={resultsAddress('ai', { query: topic, years: [YEAR_MIN, YEAR_MAX] }, { run: true })}>
                  {topic}
                </Link>
              </ListGroup.Item>
            ),
          )}
        </ListGroup>
      </Card.Body>
    </Card>
  );
}
