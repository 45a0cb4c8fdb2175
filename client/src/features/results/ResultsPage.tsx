import { memo, Suspense, use, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLoaderData, useLocation, useNavigate } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useAccount } from '../../session/AccountProvider';
import { CenteredSpinner } from '../../ui/CenteredSpinner';
import {
  handOverResults,
  resultsPath,
  useMeaningStatus,
  type ResultsParams,
  type SearchResultSet,
} from '../search';
import { WeeklyUpdatesButton } from '../updates';
import { cardPassage, highlightLinkQuery, useMatchHighlights, type HighlightSearch } from '../highlights';
import { ActiveFilters } from './ActiveFilters';
import { ChartStrip, ChartStripPlaceholder } from './ChartStrip';
import { ExportMenu } from '../export';
import { leaveOutFamily } from './moreLikeThis';
import { PatentCard } from './PatentCard';
import { NO_REFINEMENT, refineResults, typesOf, type Refinement } from './refine';
import { RefineControls } from './RefineControls';
import { ResultsFooter } from './ResultsFooter';
import { ResultsMap, useListKey, useResultsMap, ViewSwitch } from './ResultsMap';
import { useExactCounts } from './useExactCounts';
import type { ResultOutcome, ResultsLoaderData } from './resultsLoader';
import { SearchExplanation } from './SearchExplanation';
import { ShortcutsDialog } from './ShortcutsDialog';
import { useResultOwners } from './useResultOwners';
import { useResultsKeyboard } from './useResultsKeyboard';
import { useAfterFirstPaint } from './useAfterFirstPaint';

const FIRST_PAGE = 20;
const NO_ITEMS: SearchResultSet['data'] = [];
const NO_RESULTS: SearchResultSet = {
  result_set_id: '',
  total: 0,
  results: 0,
  estimated: false,
  data: NO_ITEMS,
};
const PAGE_STEP = 10;

interface ListProps {
  results: SearchResultSet;
  query: string;
  /** The search, for the matched passages of the cards on screen. */
  search: HighlightSearch;
  /** The search page with this search, where `/` goes. */
  searchPath: string;
}

/**
 * Memoised: a switch to the map (or of its selection) renders the page again with the same answer
 * and the same props, and the list under the map need not render again for it (ADR 0180).
 */
const ResultList = memo(function ResultList({ results, query, search, searchPath }: ListProps) {
  const [refinement, setRefinement] = useState<Refinement>(NO_REFINEMENT);
  const [visible, setVisible] = useState(FIRST_PAGE);
  const [shortcutsShown, setShortcutsShown] = useState(false);
  const navigate = useNavigate();
  const { limited } = useAccount();
  const cards = useRef(new Map<string, HTMLElement>());
  // The first frame draws the cards; the charts, the exports and the requests for extras follow.
  const settled = useAfterFirstPaint();
  const owners = useResultOwners(settled ? results.data : NO_ITEMS);
  const refined = useMemo(
    () => refineResults(results.data, refinement, owners),
    [results, refinement, owners],
  );
  const types = useMemo(() => typesOf(results.data), [results]);
  const foundByMeaning = useMemo(
    () => new Set(results.explanation?.meaning?.foundByMeaning ?? []),
    [results],
  );
  const throughClassification = useMemo(
    () =>
      new Map((results.explanation?.throughClassification ?? []).map((match) => [match.lensId, match.words])),
    [results],
  );
  const shown = refined.slice(0, visible);
  const passages = useMatchHighlights(search, settled ? shown.map((item) => item.lens_id) : []);
  const linkQuery = highlightLinkQuery(search);
  const counted = useExactCounts(results);
  const keyboard = useResultsKeyboard({
    count: shown.length,
    titleOf: (index) =>
      shown[index]?.generative_data.title || shown[index]?.biblio.invention_title || 'Untitled result',
    cardOf: (index) => cards.current.get(shown[index]?.lens_id ?? '') ?? null,
    open: (index) => void navigate(`/patents/${encodeURIComponent(shown[index]!.lens_id)}${linkQuery}`),
    focusSearch: () => void navigate(searchPath, { state: { focusSearch: true } }),
    showShortcuts: () => setShortcutsShown(true),
    enabled: !shortcutsShown,
  });

  const refine = (next: Refinement) => {
    setRefinement(next);
    setVisible(FIRST_PAGE);
  };

  // Load More moves down past the new cards: the focus goes to the first of them, not off screen.
  const firstAdded = useRef<number | null>(null);
  const loadMore = () => {
    firstAdded.current = visible;
    setVisible((count) => count + PAGE_STEP);
  };
  useEffect(() => {
    if (firstAdded.current === null) return;
    cards.current.get(shown[firstAdded.current]?.lens_id ?? '')?.focus();
    firstAdded.current = null;
  }, [visible, shown]);

  return (
    <>
      <RefineControls refinement={refinement} types={types} onChange={refine} />
      {settled ? (
        <ChartStrip items={results.data} owners={owners} refinement={refinement} onChange={refine} />
      ) : (
        <ChartStripPlaceholder items={results.data} />
      )}
      {refined.length > 0 ? (
        <div className="d-flex justify-content-end align-items-center gap-2 mb-2">
          <Button variant="link" size="sm" onClick={() => setShortcutsShown(true)}>
            Keyboard shortcuts <kbd>?</kbd>
          </Button>
          {settled ? (
            <ExportMenu
              items={refined}
              query={query}
              mapSource={results.result_set_id ? { resultSetId: results.result_set_id } : undefined}
            />
          ) : null}
        </div>
      ) : null}
      {shown.length === 0 ? (
        <Alert variant="light" className="border">
          No results found. Try refining your search
        </Alert>
      ) : (
        <section aria-label="Search results">
          {shown.map((item, index) => (
            <PatentCard
              key={item.lens_id}
              item={item}
              passage={cardPassage(passages.get(item.lens_id))}
              linkQuery={linkQuery}
              foundByMeaning={foundByMeaning.has(item.lens_id)}
              classificationWords={throughClassification.get(item.lens_id)}
              moreLikeThis={!limited}
              cardRef={(element) => {
                if (element) cards.current.set(item.lens_id, element);
                else cards.current.delete(item.lens_id);
              }}
              // Roving focus: the selected card (or the first) is the one Tab reaches.
              tabIndex={index === Math.max(keyboard.active, 0) ? 0 : -1}
              onFocus={() => keyboard.focused(index)}
            />
          ))}
        </section>
      )}
      {refined.length > visible ? (
        <div className="text-center">
          <Button variant="outline-primary" onClick={loadMore}>
            Load More
          </Button>
        </div>
      ) : null}
      <ResultsFooter shown={shown.length} results={counted.results} counting={counted.counting} />
      <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="results-announcer">
        {keyboard.announcement}
      </div>
      <ShortcutsDialog show={shortcutsShown} onHide={() => setShortcutsShown(false)} />
    </>
  );
});

function Outcome({
  outcome,
  params,
  searchPath,
}: {
  outcome: Promise<ResultOutcome>;
  params: ResultsParams;
  searchPath: string;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const state = use(outcome);
  const answer = state.status === 'ready' ? state.results : null;
  const results = useMemo(() => answer && leaveOutFamily(answer, params.like), [answer, params.like]);
  const meaning = useMeaningStatus();
  const map = useResultsMap(params, results ?? NO_RESULTS);
  const listKey = useListKey(location);
  // One object per search, so that the memoised list sees the same props across a switch.
  const search = useMemo(
    () => ({ type: params.type, query: params.input.query }),
    [params.type, params.input.query],
  );
  const ranFromAddress =
    state.status === 'ready' &&
    state.results.result_set_id !== '' &&
    state.results.result_set_id !== params.resultSetId;
  // A search run from the address (none named, or the named one expired) gets its kept result
  // set's id in the address, so that a reload or a shared link replays it instead of searching.
  useEffect(() => {
    if (!ranFromAddress || state.status !== 'ready') return;
    const path = resultsPath(params.type, params.input, {
      sanitiseSearch: params.sanitiseSearch,
      resultSetId: state.results.result_set_id,
      like: params.like,
      view: params.view,
      region: params.region,
      lasso: params.lasso,
    });
    handOverResults(path.slice(path.indexOf('?')), state.results);
    void navigate(path, { replace: true });
  }, [ranFromAddress, state, params, navigate]);
  if (state.status === 'error') return <Alert variant="danger">{state.message}</Alert>;
  if (state.status === 'signed-out' || !results) return null;
  const { explanation } = results;
  return (
    <>
      {params.type === 'ai' && explanation ? (
        <SearchExplanation explanation={explanation} input={params.input} meaning={meaning} />
      ) : null}
      <ViewSwitch params={params} map={map} />
      {params.view === 'map' ? (
        <ResultsMap
          results={results}
          map={map}
          linkQuery={highlightLinkQuery({ type: params.type, query: params.input.query })}
        />
      ) : null}
      <ResultList
        key={listKey}
        results={map.narrowed}
        query={params.input.query}
        search={search}
        searchPath={searchPath}
      />
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
        <Outcome outcome={outcome} params={params} searchPath={refinePath} />
      </Suspense>
    </>
  );
}
