import { AiCaution } from '../../ui/AiCaution';
import { countOf } from '../../ui/format';
import type { SearchResultSet } from '../search';

interface Props {
  shown: number;
  results: SearchResultSet;
  /** True while the exact counts of an "about N" answer are being counted. */
  counting?: boolean;
}

export function ResultsFooter({ shown, results, counting = false }: Props) {
  // Beyond the server's candidate budget the counts are estimates, and say so.
  const families = results.group_by_count ?? results.total;
  const grouped = `${results.estimated ? 'about ' : ''}${countOf(families, 'grouped result')}`;
  return (
    <footer className="border-top pt-3 mt-3 small">
      <p
        className="mb-1"
        aria-live="polite"
      >{`Showing (${shown} of ${results.results}) results. In total, ${grouped} by simple families ${families === 1 ? 'was' : 'were'} found.`}</p>
      {counting ? (
        <p className="mb-1 text-muted" role="status">
          Counting every match...
        </p>
      ) : null}
      <p className="mb-1">
        <AiCaution />
      </p>
      <p className="mb-1 text-muted">
        Patent data partly sourced from{' '}
        <a href="https://www.lens.org" target="_blank" rel="noopener noreferrer">
          The Lens
        </a>
        .
      </p>
      <p className="mb-0 text-muted">
        Disclaimer: results, titles, summaries and uses are automated predictions and may be incomplete or
        wrong. They are not legal advice, and no liability is accepted for decisions made on them.
      </p>
    </footer>
  );
}
