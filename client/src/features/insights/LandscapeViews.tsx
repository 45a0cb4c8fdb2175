import { useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import type { LandscapeInput, ResultMap_MapFragment } from '../../__generated__/graphql';
import { CenteredSpinner } from '../../ui/CenteredSpinner';
import { mapChipText, MapView, MapViewSwitch, selectedIds, type ListOrMap, type MapSelection } from '../maps';
import { LandscapeMapDocument } from '../../__generated__/graphql';

type Point = ResultMap_MapFragment['points'][number];

/** A point opened on the map: the patent's title (to its page), owner, year and country. */
function PointCard({ point }: { point: Point }) {
  return (
    <Card>
      <Card.Body className="py-2">
        <Link to={`/patents/${encodeURIComponent(point.lens_id)}`} className="fw-semibold">
          {point.title}
        </Link>
        <div className="small text-muted">
          {point.owner ?? 'Owner not recorded'} · {point.year} · {point.country}
        </div>
      </Card.Body>
    </Card>
  );
}

/**
 * The landscape's two views: its charts, or the map of its matches (the results' map, ADR 0179,
 * from the same maps feature and the same kept layout). The map is asked for on the first switch
 * to it; a region or a lasso narrows the patents listed under it.
 */
export function LandscapeViews({ input, charts }: { input: LandscapeInput; charts: ReactNode }) {
  const [view, setView] = useState<ListOrMap>('list');
  const [selection, setSelection] = useState<MapSelection | null>(null);
  const { data, loading, error } = useQuery(LandscapeMapDocument, {
    variables: { input },
    skip: view !== 'map',
  });
  const map = data?.landscape.map ?? null;
  const held = useMemo(
    () => (selection && map ? selectedIds(map.points, selection) : null),
    [map, selection],
  );
  const pointOf = useMemo(() => new Map(map?.points.map((point) => [point.lens_id, point])), [map]);

  let body: ReactNode = charts;
  if (view === 'map') {
    if (error) body = <Alert variant="warning">The map could not be drawn. Switch to the charts.</Alert>;
    else if (loading || !map) body = <CenteredSpinner label="Drawing the map..." />;
    else
      body = (
        <>
          <MapView
            map={map}
            selection={selection}
            selectedCount={held?.size ?? 0}
            onSelect={setSelection}
            renderCard={(lensId) => {
              const point = pointOf.get(lensId);
              return point ? <PointCard point={point} /> : null;
            }}
          />
          {held && held.size > 0 ? (
            <section aria-label="Patents in the selection" data-testid="landscape-map-selection">
              <h3 className="h6">Patents in the selection ({held.size})</h3>
              <ul className="small">
                {map.points
                  .filter((point) => held.has(point.lens_id))
                  .map((point) => (
                    <li key={point.lens_id}>
                      <Link to={`/patents/${encodeURIComponent(point.lens_id)}`}>{point.title}</Link> (
                      {point.owner ?? 'Owner not recorded'}, {point.year})
                    </li>
                  ))}
              </ul>
            </section>
          ) : null}
        </>
      );
  }
  return (
    <>
      <MapViewSwitch
        label="Show the landscape as"
        listLabel="Charts"
        view={view}
        onView={setView}
        chip={mapChipText(selection, map, held?.size ?? null)}
        onClearSelection={() => setSelection(null)}
      />
      {body}
    </>
  );
}
