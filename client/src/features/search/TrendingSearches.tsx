import { Link } from 'react-router';
import { TitledCard } from '../../ui/TitledCard';
import ListGroup from 'react-bootstrap/ListGroup';
import { resultsAddress } from '@patentscout/schema';
import { EMPTY_FILTERS, toSearchInput } from './filter-panel/panelState';
import { TRENDING_TOPICS } from './reference/trending';

/**
 * Example topics that open AI search results. For a limited account they stay links, disabled
 * as the search buttons are: greyed, announced as disabled, and out of the keyboard's way.
 */
export function TrendingSearches({ disabled }: { disabled: boolean }) {
  return (
    <TitledCard as="aside" titleId="trending-title" title="Trending searches">
      <ListGroup variant="flush">
        {TRENDING_TOPICS.map((topic) => (
          <ListGroup.Item key={topic} className="small px-0">
            {disabled ? (
              // NOTE: an anchor without href is not focusable; role and aria-disabled keep it a link.
              <a role="link" aria-disabled="true" className="link-secondary text-decoration-none opacity-75">
                {topic}
              </a>
            ) : (
              <Link to={resultsAddress('ai', toSearchInput(topic, EMPTY_FILTERS))}>{topic}</Link>
            )}
          </ListGroup.Item>
        ))}
      </ListGroup>
    </TitledCard>
  );
}
