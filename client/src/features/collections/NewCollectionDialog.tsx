import { useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { CreateCollectionDocument } from '../../__generated__/graphql';
import { useCollectionMutation } from './useCollectionMutation';

/** Names (and optionally describes) a new collection; answers its id to `onCreated`. */
export function NewCollectionDialog({
  show,
  onHide,
  onExited,
  onCreated,
}: {
  show: boolean;
  onHide: () => void;
  /** Once the dialog has gone: where the focus goes when what opened it has gone too. */
  onExited?: () => void;
  onCreated: (collection: { id: string; name: string }) => void | Promise<void>;
}) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const { run, busy } = useCollectionMutation(CreateCollectionDocument);
  // NOTE: opened from a menu, the menu hands the focus back to its button as it closes, after the
  // field's autofocus: the field takes it again once the dialog is in.
  const nameField = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const data = await run(
      { input: { name, description } },
      { success: `Collection “${name.trim()}” created.`, failure: 'The collection could not be created.' },
    );
    if (!data) return;
    setName('');
    setDescription('');
    await onCreated(data.createCollection);
  }

  return (
    <Modal
      show={show}
      onHide={onHide}
      onEntered={() => nameField.current?.focus()}
      onExited={onExited}
      centered
      aria-labelledby="new-collection-title"
    >
      <Form onSubmit={(event) => void submit(event)}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id="new-collection-title">
            New collection
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group className="mb-3" controlId="new-collection-name">
            <Form.Label>Name</Form.Label>
            <Form.Control
              ref={nameField}
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={100}
              required
              autoFocus
            />
          </Form.Group>
          <Form.Group controlId="new-collection-description">
            <Form.Label>Description (optional)</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              maxLength={2000}
            />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy || name.trim() === ''}>
            {busy ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
            Create collection
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
