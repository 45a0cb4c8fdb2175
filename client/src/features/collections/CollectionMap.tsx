import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import type { CollectionDetail_CollectionFragment } from '../../__generated__/graphql';
import { CenteredSpinner } from '../../ui/CenteredSpinner';
import {
  MapView,
  MapViewSwitch,
  mapChipText,
  selectedIds,
  useCollectionMap,
  type MapSelection,
  type MapSource,
} from '../maps';
import { FamilyCard } from './FamilyCard';

type Member = CollectionDetail_CollectionFragment['members'][number];

/**
 * A collection's List or Map view (ADR 0179): the map of its members, whose regions and lassos
 * narrow the members listed (`narrow`), each opened point shown as its family's card.
 */
export function useCollectionMapView(collection: CollectionDetail_CollectionFragment) {
  const { token } = useParams();
  const [view, setView] = useState<'list' | 'map'>('list');
  const [selection, setSelection] = useState<MapSelection | null>(null);
  const source: { token: string } | { id: string } =
    collection.role === 'link' && token ? { token } : { id: collection.id };
  const state = useCollectionMap(source, view === 'map');
  const held = useMemo(
    () => (selection && state.map ? selectedIds(state.map.points, selection) : null),
    [state.map, selection],
  );
  const narrow = (members: readonly Member[]) =>
    held ? members.filter((member) => held.has(member.lens_id)) : members;
  // The PDF export draws the same map, read by the same query.
  const mapSource: MapSource = 'token' in source ? source : { collectionId: source.id };
  return { view, setView, selection, setSelection, state, held, narrow, mapSource };
}

type CollectionMapState = ReturnType<typeof useCollectionMapView>;

export function CollectionMap({
  collection,
  map,
  editable,
}: {
  collection: CollectionDetail_CollectionFragment;
  map: CollectionMapState;
  editable: boolean;
}) {
  const { view, setView, selection, setSelection, state, held } = map;
  return (
    <>
      <MapViewSwitch
        label="Show the collection as"
        view={view}
        onView={setView}
        chip={mapChipText(selection, state.map, held?.size ?? null)}
        onClearSelection={() => setSelection(null)}
      />
      {view === 'map' ? (
        state.failed ? (
          <Alert variant="warning">The map could not be drawn. The patents are listed below.</Alert>
        ) : !state.map ? (
          <CenteredSpinner label="Drawing the map..." />
        ) : (
          <MapView
            map={state.map}
            selection={selection}
            selectedCount={held?.size ?? 0}
            onSelect={setSelection}
            renderCard={(lensId) => {
              const member = collection.members.find((candidate) => candidate.lens_id === lensId);
              return member ? (
                <FamilyCard collectionId={collection.id} members={[member]} editable={editable} />
              ) : null;
            }}
          />
        )
      ) : null}
    </>
  );
}
