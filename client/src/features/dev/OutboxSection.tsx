import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { attachmentUrl, fetchOutboxMessage, type OutboxEntry, type OutboxMessage } from './devApi';

const formatWhen = (iso: string) => new Date(iso).toLocaleString();

function MessageView({ id }: { id: number }) {
  const [message, setMessage] = useState<OutboxMessage | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    setMessage(null);
    setError(null);
    fetchOutboxMessage(id).then(
      (loaded) => current && setMessage(loaded),
      (failure: unknown) => current && setError(failure instanceof Error ? failure.message : String(failure)),
    );
    return () => {
      current = false;
    };
  }, [id]);

  if (error) return <Alert variant="danger">{error}</Alert>;
  if (!message)
    return <Spinner animation="border" size="sm" role="status" aria-label="Loading the message" />;
  return (
    <article aria-label={`Message: ${message.subject}`}>
      <h3 className="h5">{message.subject}</h3>
      <dl className="row small mb-2">
        <dt className="col-sm-2">From</dt>
        <dd className="col-sm-10">{message.from}</dd>
        <dt className="col-sm-2">To</dt>
        <dd className="col-sm-10">{message.to.join(', ')}</dd>
        <dt className="col-sm-2">Received</dt>
        <dd className="col-sm-10">{formatWhen(message.receivedAt)}</dd>
        {message.listUnsubscribe ? (
          <>
            <dt className="col-sm-2">Unsubscribe</dt>
            <dd className="col-sm-10 text-break">{message.listUnsubscribe}</dd>
          </>
        ) : null}
      </dl>
      {message.attachments.length > 0 ? (
        <ul className="list-inline mb-2" aria-label="Attachments">
          {message.attachments.map((attachment) => (
            <li key={attachment.index} className="list-inline-item">
              <a href={attachmentUrl(message.id, attachment.index)} download={attachment.filename}>
                {attachment.filename}
              </a>{' '}
              <span className="text-muted small">({Math.ceil(attachment.size / 1024)} KB)</span>
            </li>
          ))}
        </ul>
      ) : null}
      <Tabs defaultActiveKey="html" id={`message-${message.id}-parts`} className="mb-2">
        <Tab eventKey="html" title="HTML">
          {/* Sandboxed: a message's HTML runs no script and cannot reach the app. */}
          <iframe
            title="HTML part"
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            srcDoc={message.html ?? '<p>(no HTML part)</p>'}
            className="w-100 border rounded bg-white"
            style={{ height: 560 }}
          />
        </Tab>
        <Tab eventKey="text" title="Plain text">
          <pre className="border rounded p-2 bg-light" style={{ whiteSpace: 'pre-wrap' }}>
            {message.text ?? '(no text part)'}
          </pre>
        </Tab>
      </Tabs>
    </article>
  );
}

/** Every message the product sent, as the embedded SMTP server received it. */
export function OutboxSection({ messages }: { messages: OutboxEntry[] | null }) {
  const [selected, setSelected] = useState<number | null>(null);
  const shown = selected ?? messages?.[0]?.id ?? null;
  return (
    <section aria-labelledby="outbox-heading" className="mb-4">
      <h2 id="outbox-heading" className="h5">
        Messages sent by the app
      </h2>
      {messages && messages.length === 0 ? <p>No messages yet.</p> : null}
      {messages && messages.length > 0 ? (
        <div className="row g-3">
          <div className="col-md-4">
            <ListGroup aria-label="Messages">
              {messages.map((message) => (
                <ListGroup.Item
                  key={message.id}
                  action
                  active={message.id === shown}
                  onClick={() => setSelected(message.id)}
                >
                  <div className="fw-semibold text-truncate">{message.subject}</div>
                  <div className="small text-truncate">{message.to.join(', ')}</div>
                  <div className="small opacity-75">{formatWhen(message.receivedAt)}</div>
                </ListGroup.Item>
              ))}
            </ListGroup>
          </div>
          <div className="col-md-8">{shown !== null ? <MessageView id={shown} /> : null}</div>
        </div>
      ) : null}
    </section>
  );
}
