import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Reference } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useNavigate } from 'react-router';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { CollectionDetail_CollectionFragment } from '../../__generated__/graphql';
import { countOf } from '../../ui/format';
import { DeleteCollectionDocument, UpdateCollectionDocument } from '../../__generated__/graphql';
import { useCollectionMutation } from './useCollectionMutation';

/** Rename, describe and delete (the owner); the weekly e-mail of changes (the owner and editors). */
export function CollectionSettings({ collection }: { collection: CollectionDetail_CollectionFragment }) {
  const navigate = useNavigate();
  const owner = collection.role === 'owner';
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [name, setName] = useState(collection.name);
  const [description, setDescription] = useState(collection.description);
  // Shown at once, and set back if the server refuses.
  const [watching, setWatching] = useState(collection.watched);
  const update = useCollectionMutation(UpdateCollectionDocument);
  // Not the deleted collection's own query: asked again, it would answer "not found" as an error.
  const remove = useCollectionMutation(DeleteCollectionDocument, ['Collections']);
  const { cache } = useApolloClient();
  // Rename gives way to the form (whose name field takes the focus) and comes back after it.
  const renameButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) renameButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  async function save(event: FormEvent) {
    event.preventDefault();
    const saved = await update.run(
      { id: collection.id, input: { name, description } },
      { success: 'Collection saved.', failure: 'The collection could not be saved.' },
    );
    if (saved) setEditing(false);
  }

  async function watch(on: boolean) {
    setWatching(on);
    const saved = await update.run(
      { id: collection.id, input: { watched: on } },
      {
        success: on
          ? 'You will get a weekly e-mail when something changes.'
          : 'No more weekly e-mails for this collection.',
        failure: 'The change could not be saved.',
      },
    );
    if (!saved) setWatching(!on);
  }

  async function deleteIt() {
    const deleted = await remove.run(
      { id: collection.id },
      {
        success: `Collection “${collection.name}” deleted.`,
        failure: 'The collection could not be deleted.',
      },
    );
    if (!deleted) return;
    // The list forgets it at once, before its own answer comes.
    cache.modify({
      fields: {
        collections: (listed: readonly Reference[], { readField }) =>
          listed.filter((entry) => readField('id', entry) !== collection.id),
      },
    });
    void navigate('/collections');
  }

  return (
    <div className="mb-3">
      {editing ? (
        <Form onSubmit={(event) => void save(event)} className="mb-3">
          <Form.Group className="mb-2" controlId="collection-name">
            <Form.Label>Name</Form.Label>
            <Form.Control
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={100}
              required
              autoFocus
            />
          </Form.Group>
          <Form.Group className="mb-2" controlId="collection-description">
            <Form.Label>Description</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              maxLength={2000}
            />
          </Form.Group>
          <div className="d-flex gap-2">
            <Button type="submit" size="sm" disabled={update.busy}>
              Save
            </Button>
            <Button size="sm" variant="outline-secondary" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </Form>
      ) : null}
      <div className="d-flex flex-wrap align-items-center gap-3">
        {owner || collection.role === 'editor' ? (
          <Form.Check
            type="switch"
            id="collection-watch"
            label="E-mail me weekly when something changes"
            checked={watching}
            onChange={(event) => void watch(event.target.checked)}
          />
        ) : null}
        {owner && !editing ? (
          <>
            <Button ref={renameButton} size="sm" variant="outline-secondary" onClick={() => setEditing(true)}>
              Rename
            </Button>
            <Button size="sm" variant="outline-danger" onClick={() => setConfirming(true)}>
              Delete collection
            </Button>
          </>
        ) : null}
      </div>
      <Modal
        show={confirming}
        onHide={() => setConfirming(false)}
        centered
        aria-labelledby="delete-collection-title"
      >
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5 text-break" id="delete-collection-title">
            Delete “{collection.name}”?
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          Its {countOf(collection.size, 'patent')}, notes and tags go, and whoever it is shared with loses it.
          This cannot be undone.
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button variant="danger" disabled={remove.busy} onClick={() => void deleteIt()}>
            Delete
          </Button>
        </Modal.Footer>
      </Modal>
    </div>
  );
}
