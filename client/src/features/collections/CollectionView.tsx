import { useMemo, useState } from 'react';
import { SmallSelect } from '../../ui/SmallSelect';
import type { CollectionDetail_CollectionFragment } from '../../__generated__/graphql';
// Not the results' entry: that one reaches the results page, whose cards add to collections.
import { ExportMenu } from '../export';
import { exportItemsOf, familiesOf, SORTS, tagsOf, type SortKey } from './collectionView';
import { countOf } from '../../ui/format';
import { FamilyCard } from './FamilyCard';
import { CollectionMap, useCollectionMapView } from './CollectionMap';

/** A collection's members: filter by its tags, sort, export, and (for editors) annotate. */
export function CollectionView({ collection }: { collection: CollectionDetail_CollectionFragment }) {
  const [tag, setTag] = useState('');
  const [sort, setSort] = useState<SortKey>('added');
  const editable = collection.role === 'owner' || collection.role === 'editor';
  const tags = useMemo(() => tagsOf(collection.members), [collection.members]);
  const map = useCollectionMapView(collection);
  const { narrow } = map;
  const families = useMemo(
    () => familiesOf(narrow(collection.members), tag, sort),
    [collection.members, tag, sort, narrow],
  );
  const annotations = useMemo(
    () =>
      new Map(collection.members.map((member) => [member.lens_id, { note: member.note, tags: member.tags }])),
    [collection.members],
  );

  if (collection.members.length === 0)
    return (
      <p className="text-muted">
        This collection is empty. Add patents with “Add to collection” on a result card or a patent page.
      </p>
    );

  return (
    <>
      <CollectionMap collection={collection} map={map} editable={editable} />
      <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
        <SmallSelect
          controlId="collection-tag-filter"
          label="Tag"
          anyLabel="All tags"
          options={tags.map((word) => ({ value: word, label: word }))}
          value={tag}
          onChange={setTag}
        />
        <SmallSelect
          controlId="collection-sort"
          label="Sort by"
          options={SORTS}
          value={sort}
          onChange={setSort}
        />
        <div className="ms-auto">
          <ExportMenu
            items={exportItemsOf(families)}
            query={collection.name}
            annotations={annotations}
            kind="collection"
            mapSource={map.mapSource}
          />
        </div>
      </div>
      <p className="small text-muted" role="status">
        {countOf(families.length, 'family', 'families')} shown
      </p>
      {families.map((family) => (
        <FamilyCard
          key={family[0]!.lens_id}
          collectionId={collection.id}
          members={family}
          editable={editable}
        />
      ))}
    </>
  );
}
