import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import { CenteredSpinner } from '../../ui/CenteredSpinner';
import {
  mapChipText,
  MapView,
  MapViewSwitch,
  selectedIds,
  useResultSetMap,
  type MapSelection,
} from '../maps';
import { handOverResults, resultsPath, type ResultsParams, type SearchResultSet } from '../search';
import { PatentCard } from './PatentCard';

const selectionOf = (params: ResultsParams): MapSelection | null =>
  params.region !== undefined ? { region: params.region } : params.lasso ? { lasso: params.lasso } : null;

/** The navigation state of a switch of view or of map selection (read by `useListKey`). */
const SAME_ANSWER = { sameAnswer: true } as const;

/**
 * The key of the results list: the location's, except across a switch of view or of map
 * selection, which shows the same answer. Re-keying the list there remounted every card, the
 * chart strip and their requests: most of the switch to the map's main-thread time (ADR 0180).
 */
export function useListKey(location: { key: string; state: unknown }): string {
  const sameAnswer = (location.state as { sameAnswer?: unknown } | null)?.sameAnswer === true;
  const [key, setKey] = useState(location.key);
  // Derived state, set while rendering (React's pattern for it): a new search takes the new key.
  if (!sameAnswer && key !== location.key) setKey(location.key);
  return sameAnswer ? key : location.key;
}

/**
 * The map's part in the results page (ADR 0179): the view and the map selection live in the
 * address (shareable, kept on reload); a selection narrows the list to the families it holds.
 */
export function useResultsMap(params: ResultsParams, results: SearchResultSet) {
  const navigate = useNavigate();
  const selection = selectionOf(params);
  const state = useResultSetMap(
    results.result_set_id || params.resultSetId,
    params.view === 'map' || selection !== null,
  );
  // The selection is read from the address on every render: its text stands for it.
  const selectionKey = JSON.stringify(selection);
  const held = useMemo(
    () => (selection && state.map ? selectedIds(state.map.points, selection) : null),
    [state.map, selectionKey],
  );
  const narrowed = useMemo(
    () => (held ? { ...results, data: results.data.filter((item) => held.has(item.lens_id)) } : results),
    [held, results],
  );
  const go = (change: { view?: 'list' | 'map'; selection?: MapSelection | null }) => {
    const next = change.selection === undefined ? selection : change.selection;
    const path = resultsPath(params.type, params.input, {
      sanitiseSearch: params.sanitiseSearch,
      resultSetId: results.result_set_id || params.resultSetId || undefined,
      like: params.like,
      view: change.view ?? params.view,
      ...(next && 'region' in next ? { region: next.region } : {}),
      ...(next && 'lasso' in next ? { lasso: next.lasso } : {}),
    });
    // The same answer under another view or selection: handed over, not replayed from the server.
    handOverResults(path.slice(path.indexOf('?')), results);
    // The same answer: the list under the map keeps its state rather than being drawn anew.
    void navigate(path, { state: SAME_ANSWER });
  };
  return { state, selection, held, narrowed, go };
}

type ResultsMapState = ReturnType<typeof useResultsMap>;

/** List or Map, and the map selection's chip (removing it shows every result again). */
export function ViewSwitch({ params, map }: { params: ResultsParams; map: ResultsMapState }) {
  return (
    <MapViewSwitch
      label="Show the results as"
      view={params.view}
      onView={(view) => map.go({ view })}
      chip={mapChipText(map.selection, map.state.map, map.held?.size ?? null)}
      onClearSelection={() => map.go({ selection: null })}
    />
  );
}

/** The Map view of the results, each opened point shown as its result card. */
export function ResultsMap({
  results,
  map,
  linkQuery,
}: {
  results: SearchResultSet;
  map: ResultsMapState;
  linkQuery: string;
}) {
  const { state } = map;
  if (state.failed)
    return <Alert variant="warning">The map could not be drawn. The results are listed below.</Alert>;
  if (!state.map) return <CenteredSpinner label="Drawing the map..." />;
  return (
    <MapView
      map={state.map}
      selection={map.selection}
      selectedCount={map.held?.size ?? 0}
      onSelect={(selection) => map.go({ selection })}
      renderCard={(lensId) => {
        const item = results.data.find((candidate) => candidate.lens_id === lensId);
        return item ? <PatentCard item={item} linkQuery={linkQuery} /> : null;
      }}
    />
  );
}
