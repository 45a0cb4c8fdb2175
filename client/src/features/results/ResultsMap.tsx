import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import { CenteredSpinner } from '../../ui/CenteredSpinner';
import { MapView, MapViewSwitch, selectedIds, useResultSetMap, type MapSelection } from '../maps';
import { handOverResults, resultsPath, type ResultsParams, type SearchResultSet } from '../search';
import { PatentCard } from './PatentCard';

const selectionOf = (params: ResultsParams): MapSelection | null =>
  params.region !== undefined ? { region: params.region } : params.lasso ? { lasso: params.lasso } : null;

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
    void navigate(path);
  };
  return { state, selection, held, narrowed, go };
}

type ResultsMapState = ReturnType<typeof useResultsMap>;

/** List or Map, and the map selection's chip (removing it shows every result again). */
export function ViewSwitch({ params, map }: { params: ResultsParams; map: ResultsMapState }) {
  const region =
    map.selection && 'region' in map.selection
      ? map.state.map?.regions.find((r) => r.id === params.region)
      : undefined;
  return (
    <MapViewSwitch
      label="Show the results as"
      view={params.view}
      onView={(view) => map.go({ view })}
      chip={
        map.selection
          ? 'region' in map.selection
            ? `Map region ${map.selection.region + 1}${region ? `: ${region.words.join(', ')} (${region.size})` : ''}`
            : `Map lasso: ${map.held?.size ?? '…'} patents`
          : null
      }
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
