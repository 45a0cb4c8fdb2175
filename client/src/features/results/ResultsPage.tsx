import { Suspense, use, useMemo, useState } from 'react';
import { Link, useLoaderData, useLocation } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { CenteredSpinner } from '../../ui/CenteredSpinner';
import type { ResultsParams, SearchResultSet } from '../search';
import { WeeklyUpdatesButton } from '../updates';
import { ActiveFilters } from './ActiveFilters';
import { ExportMenu } from './ExportMenu';
import { PatentCard } from './PatentCard';
import { NO_REFINEMENT, refineResults, typesOf, type Refinement } from './refine';
import { RefineControls } from './RefineControls';
import { ResultsFooter } from './ResultsFooter';
import type { ResultOutcome, ResultsLoaderData } from './resultsLoader';
import { SearchExplanation } from './SearchExplanation';

const FIRST_PAGE = 20;
const PAGE_STEP = 10;

function ResultList({ results, query }: { results: SearchResultSet; query: string }) {
  const [refinement, setRefinement] = useState<Refinement>(NO_REFINEMENT);
  const [visible, setVisible] = useState(FIRST_PAGE);
  const refined = useMemo(() => refineResults(results.data, refinement), [results, refinement]);
  const types = useMemo(() => typesOf(results.data), [results]);
  const shown = refined.slice(0, visible);

  const refine = (next: Refinement) => {
    setRefinement(next);
    setVisible(FIRST_PAGE);
  };

  return (
    <>
      <RefineControls refinement={refinement} types={types} onChange={refine} />
      {refined.length > 0 ? (
        <div className="d-flex justify-content-end mb-2">
          <ExportMenu items={refined} query={query} />
        </div>
      ) : null}
      {shown.length === 0 ? (
        <Alert variant="light" className="border">
          No results found. Try refining your search
        </Alert>
      ) : (
        <section aria-label="Search results">
          {shown.map((item) => (
            <PatentCard key={item.lens_id} item={item} />
          ))}
        </section>
      )}
      {refined.length > visible ? (
        <div className="text-center">
          <Button variant="outline-primary" onClick={() => setVisible((count) => count + PAGE_STEP)}>
            Load More
          </Button>
        </div>
      ) : null}
      <ResultsFooter shown={shown.length} results={results} />
    </>
  );
}

function Outcome({ outcome, params }: { outcome: Promise<ResultOutcome>; params: ResultsParams }) {
  const location = useLocation();
  const state = use(outcome);
  if (state.status === 'error') return <Alert variant="danger">{state.message}</Alert>;
  if (state.status === 'signed-out') return null;
  const { explanation } = state.results;
  return (
    <>
      {params.type === 'ai' && explanation ? (
        <SearchExplanation explanation={explanation} input={params.input} />
      ) : null}
      <ResultList key={location.key} results={state.results} query={params.input.query} />
    </>
  );
}

const searching = (
  <div>
    <CenteredSpinner label="Searching..." />
    <p className="text-center text-muted">Searches can take up to 1 minute.</p>
  </div>
);

export function ResultsPage() {
  const { params, outcome } = useLoaderData() as ResultsLoaderData;
  const location = useLocation();
  const query = params.input.query;
  const refinePath = `/home?${new URLSearchParams(params.type === 'boolean' ? { query, tab: 'advanced' } : { query }).toString()}`;

  return (
    <>
      <h1 className="h3 mb-3 text-break">Search "{query}"</h1>
      {!params.sanitiseSearch ? <Alert variant="info">This search has advanced configuration.</Alert> : null}
      <ActiveFilters params={params} />
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <Link to={refinePath}>Update or refine this search</Link>
        <WeeklyUpdatesButton key={location.search} queryString={location.search} />
      </div>
      <Suspense fallback={searching}>
        <Outcome outcome={outcome} params={params} />
      </Suspense>
    </>
  );
}
