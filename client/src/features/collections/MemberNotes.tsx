import { useState, type FormEvent, type KeyboardEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import CloseButton from 'react-bootstrap/CloseButton';
import Form from 'react-bootstrap/Form';
import { useToast } from '../../ui/Toasts';
import { UpdateCollectionMemberDocument } from '../../__generated__/graphql';
import { useCollectionMutation } from './useCollectionMutation';

interface Member {
  lens_id: string;
  note: string;
  tags: string[];
}

/** A member's note and tags; editors change them here, everyone else reads them. */
export function MemberNotes({
  collectionId,
  member,
  editable,
}: {
  collectionId: string;
  member: Member;
  editable: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState(member.note);
  const [tag, setTag] = useState('');
  const { run, busy } = useCollectionMutation(UpdateCollectionMemberDocument);
  const toast = useToast();
  const save = (input: { note?: string; tags?: string[] }, success?: string) =>
    run(
      { id: collectionId, lensId: member.lens_id, input },
      { success, failure: 'The change could not be saved.' },
    );

  async function saveNote(event: FormEvent) {
    event.preventDefault();
    if (await save({ note }, 'Note saved.')) setEditing(false);
  }

  async function addTag() {
    const word = tag.trim();
    if (!word) return;
    const answer = await save({ tags: [...member.tags, word] });
    if (!answer) return;
    setTag('');
    // The server keeps a word once in any case, and says so: "urgent" beside "Urgent" adds nothing.
    const { tags, duplicate_tags } = answer.updateCollectionMember;
    const there = tags.find((kept) => kept.toLowerCase() === word.toLowerCase()) ?? word;
    if (duplicate_tags?.length)
      toast({
        title: 'Already there.',
        description: `The tag “${there}” is already there.`,
        variant: 'info',
      });
    else toast({ title: 'Done.', description: `Tag “${word}” added.`, variant: 'success' });
  }

  function onTagKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void addTag();
  }

  return (
    <div className="mt-2">
      {editing ? (
        <Form onSubmit={(event) => void saveNote(event)}>
          <Form.Label htmlFor={`note-${member.lens_id}`} className="visually-hidden">
            Note
          </Form.Label>
          <Form.Control
            id={`note-${member.lens_id}`}
            as="textarea"
            rows={3}
            maxLength={2000}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            autoFocus
          />
          <div className="d-flex gap-2 mt-2">
            <Button type="submit" size="sm" disabled={busy}>
              Save note
            </Button>
            <Button
              size="sm"
              variant="outline-secondary"
              onClick={() => {
                setNote(member.note);
                setEditing(false);
              }}
            >
              Cancel
            </Button>
          </div>
        </Form>
      ) : member.note ? (
        <p className="mb-1 collection-note" style={{ whiteSpace: 'pre-wrap' }} data-testid="member-note">
          <span className="fw-semibold">Note:</span> {member.note}
        </p>
      ) : null}
      <div className="d-flex flex-wrap align-items-center gap-2">
        {member.tags.map((word) => (
          <Badge
            key={word}
            bg="info"
            text="dark"
            className="d-inline-flex align-items-center gap-1"
            data-testid="member-tag"
          >
            {word}
            {editable ? (
              <CloseButton
                aria-label={`Remove tag ${word}`}
                style={{ fontSize: '0.5rem' }}
                disabled={busy}
                onClick={() =>
                  void save({ tags: member.tags.filter((other) => other !== word) }, `Tag “${word}” removed.`)
                }
              />
            ) : null}
          </Badge>
        ))}
        {editable ? (
          <>
            <Form.Control
              size="sm"
              style={{ maxWidth: '12rem' }}
              placeholder="Add a tag"
              aria-label="Add a tag"
              maxLength={40}
              value={tag}
              onChange={(event) => setTag(event.target.value)}
              onKeyDown={onTagKey}
            />
            {!editing ? (
              <Button size="sm" variant="link" className="p-0" onClick={() => setEditing(true)}>
                {member.note ? 'Edit note' : 'Add a note'}
              </Button>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}
