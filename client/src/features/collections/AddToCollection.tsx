import { useRef, useState } from 'react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useAuth } from '../../session/AuthProvider';
import { useFocusAcrossBusy } from '../../ui/useFocusAcrossBusy';
import {
  AddCollectionMemberDocument,
  CollectionContains_CollectionFragmentDoc,
  CollectionsDocument,
  RemoveCollectionMemberDocument,
} from '../../__generated__/graphql';
import { NewCollectionDialog } from './NewCollectionDialog';
import { useCollectionMutation } from './useCollectionMutation';

/**
 * "Add to collection" beside the favourite star: the user's collections they may change (a tick
 * on those holding the patent: choosing one removes it again) and "New collection...".
 */
export function AddToCollection({ lensId }: { lensId: string }) {
  const { authed } = useAuth();
  if (!authed) return null;
  return <CollectionsMenu lensId={lensId} />;
}

function CollectionsMenu({ lensId }: { lensId: string }) {
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const { cache } = useApolloClient();
  // The ticks held in the cache show at once; the list is asked again for collections made elsewhere.
  const { data, loading } = useQuery(CollectionsDocument, {
    variables: { lensId },
    skip: !open,
    fetchPolicy: 'cache-and-network',
  });
  const add = useCollectionMutation(AddCollectionMemberDocument);
  const remove = useCollectionMutation(RemoveCollectionMemberDocument);
  const editable = (data?.collections ?? []).filter((collection) => collection.role !== 'viewer');
  // The menu's items and the dialog go away once used: the focus comes back to the menu's button.
  const toggleButton = useRef<HTMLButtonElement>(null);
  useFocusAcrossBusy(add.busy || remove.busy || creating, toggleButton);

  /** The menu's tick for this patent, set at once (the closed menu's query is not refetched). */
  function mark(id: string, contains: boolean) {
    cache.writeFragment({
      id: cache.identify({ __typename: 'Collection', id }),
      fragment: CollectionContains_CollectionFragmentDoc,
      data: { __typename: 'Collection', contains },
      variables: { lensId },
    });
  }

  async function addTo(collection: { id: string; name: string }) {
    const added = await add.run(
      { id: collection.id, input: { lens_id: lensId } },
      { success: `Added to “${collection.name}”.`, failure: 'The patent could not be added.' },
    );
    if (added) mark(collection.id, true);
  }

  async function toggle(collection: { id: string; name: string; contains?: boolean | null }) {
    if (!collection.contains) return addTo(collection);
    const removed = await remove.run(
      { id: collection.id, lensId },
      { success: `Removed from “${collection.name}”.`, failure: 'The patent could not be removed.' },
    );
    if (removed) mark(collection.id, false);
  }

  return (
    <>
      <Dropdown show={open} onToggle={(next) => setOpen(next)} align="end">
        <Dropdown.Toggle
          ref={toggleButton}
          variant="outline-secondary"
          size="sm"
          className="text-nowrap"
          id={`add-to-collection-${lensId}`}
          disabled={add.busy || remove.busy}
        >
          Add to collection
        </Dropdown.Toggle>
        <Dropdown.Menu>
          {loading ? (
            <Dropdown.ItemText className="text-muted">Loading your collections...</Dropdown.ItemText>
          ) : null}
          {editable.map((collection) => (
            <Dropdown.Item
              key={collection.id}
              as="button"
              role="menuitemcheckbox"
              aria-checked={Boolean(collection.contains)}
              onClick={() => void toggle(collection)}
              // A long name is cut with an ellipsis; the full name shows on hover.
              className="text-truncate"
              style={{ maxWidth: '22rem' }}
              title={collection.name}
            >
              <span aria-hidden="true" className="d-inline-block me-2" style={{ width: '1em' }}>
                {collection.contains ? '✓' : ''}
              </span>
              {collection.name}
            </Dropdown.Item>
          ))}
          {editable.length > 0 ? <Dropdown.Divider /> : null}
          <Dropdown.Item as="button" onClick={() => setCreating(true)}>
            New collection...
          </Dropdown.Item>
        </Dropdown.Menu>
      </Dropdown>
      <NewCollectionDialog
        show={creating}
        onHide={() => setCreating(false)}
        onExited={() => toggleButton.current?.focus()}
        onCreated={async (collection) => {
          setCreating(false);
          await addTo(collection);
        }}
      />
    </>
  );
}
