import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import ListGroup from 'react-bootstrap/ListGroup';
import type { CollectionDetail_CollectionFragment } from '../../__generated__/graphql';
import {
  InviteToCollectionDocument,
  IssueCollectionLinkDocument,
  RemoveCollectionShareDocument,
  RevokeCollectionLinkDocument,
} from '../../__generated__/graphql';
import { useCollectionMutation } from './useCollectionMutation';

/** The owner's sharing: a read-only link (issue, copy, re-issue, revoke) and invitations by e-mail. */
export function SharePanel({ collection }: { collection: CollectionDetail_CollectionFragment }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'viewer' | 'editor'>('viewer');
  const issue = useCollectionMutation(IssueCollectionLinkDocument);
  const revoke = useCollectionMutation(RevokeCollectionLinkDocument);
  const invite = useCollectionMutation(InviteToCollectionDocument);
  const withdraw = useCollectionMutation(RemoveCollectionShareDocument);
  const link = collection.link_token
    ? `${window.location.origin}/collections/shared/${collection.link_token}`
    : '';

  async function sendInvitation(event: FormEvent) {
    event.preventDefault();
    const sent = await invite.run(
      { id: collection.id, input: { email, role } },
      { success: `Invitation sent to ${email.trim()}.`, failure: 'The invitation could not be sent.' },
    );
    if (sent) setEmail('');
  }

  return (
    <Card className="mb-4">
      <Card.Body>
        <Card.Title as="h2" className="h6">
          Share
        </Card.Title>
        <Form.Label htmlFor="collection-link" className="small mb-1">
          Read-only link: anyone signed in who has it can view this collection.
        </Form.Label>
        {link ? (
          <InputGroup size="sm" className="mb-3">
            <Form.Control
              id="collection-link"
              readOnly
              value={link}
              onFocus={(event) => event.target.select()}
            />
            <Button
              variant="outline-secondary"
              onClick={() => void navigator.clipboard?.writeText(link).catch(() => undefined)}
            >
              Copy
            </Button>
            <Button
              variant="outline-secondary"
              disabled={issue.busy}
              onClick={() =>
                void issue.run(
                  { id: collection.id },
                  {
                    success: 'A new link was made; the old one no longer works.',
                    failure: 'No new link could be made.',
                  },
                )
              }
            >
              New link
            </Button>
            <Button
              variant="outline-danger"
              disabled={revoke.busy}
              onClick={() =>
                void revoke.run(
                  { id: collection.id },
                  { success: 'The link no longer works.', failure: 'The link could not be revoked.' },
                )
              }
            >
              Revoke
            </Button>
          </InputGroup>
        ) : (
          <div className="mb-3">
            <Button
              size="sm"
              variant="outline-primary"
              disabled={issue.busy}
              onClick={() =>
                void issue.run(
                  { id: collection.id },
                  { success: 'Link created.', failure: 'No link could be made.' },
                )
              }
            >
              Create a link
            </Button>
          </div>
        )}
        <Form onSubmit={(event) => void sendInvitation(event)}>
          <Form.Label htmlFor="invite-email" className="small mb-1">
            Invite a colleague by e-mail
          </Form.Label>
          <InputGroup size="sm">
            <Form.Control
              id="invite-email"
              type="email"
              placeholder="name@example.com"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              required
            />
            <Form.Select
              aria-label="Role"
              value={role}
              onChange={(event) => setRole(event.target.value as 'viewer' | 'editor')}
              style={{ maxWidth: '9rem' }}
            >
              <option value="viewer">Viewer</option>
              <option value="editor">Editor</option>
            </Form.Select>
            <Button type="submit" disabled={invite.busy || email.trim() === ''}>
              Invite
            </Button>
          </InputGroup>
        </Form>
        {collection.shares.length > 0 ? (
          <ListGroup variant="flush" className="mt-2 small">
            {collection.shares.map((share) => (
              <ListGroup.Item key={share.email} className="d-flex align-items-center gap-2 px-0">
                <span className="flex-grow-1">
                  {share.email} · {share.role}
                  {share.accepted ? '' : ' · invited'}
                </span>
                <Button
                  size="sm"
                  variant="link"
                  className="p-0 text-danger"
                  disabled={withdraw.busy}
                  aria-label={`Remove ${share.email}`}
                  onClick={() =>
                    void withdraw.run(
                      { id: collection.id, email: share.email },
                      {
                        success: `${share.email} no longer shares this collection.`,
                        failure: 'That could not be done.',
                      },
                    )
                  }
                >
                  Remove
                </Button>
              </ListGroup.Item>
            ))}
          </ListGroup>
        ) : null}
      </Card.Body>
    </Card>
  );
}
