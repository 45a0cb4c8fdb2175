import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';

const HINT_AFTER_CHARACTERS = 10;

function countWords(text: string): number {
  return text.trim().split(/\s+/).filter(Boolean).length;
}

/**
 * The hidden deep one-shot search (reached at /home?tab=oneshot). The server has no one-shot
 * operation yet, so the button stays disabled rather than pretending to accept a request.
 */
export function OneShotTab() {
  const [text, setText] = useState('');
  const words = countWords(text);

  return (
    <div className="py-2">
      <h2 className="h5">One-shot search</h2>
      <p className="small text-muted">
        A deep search uses one credit; its result is e-mailed to you when ready, in about 3-5 minutes.
      </p>
      <Form onSubmit={(event) => event.preventDefault()}>
        <Form.Group controlId="oneshot-query" className="mb-2">
          <Form.Label>Describe the invention or idea</Form.Label>
          <Form.Control type="text" value={text} onChange={(event) => setText(event.target.value)} />
          {text.length > HINT_AFTER_CHARACTERS ? (
            <Form.Text>
              {words} {words === 1 ? 'word' : 'words'} (15-20 words suggested)
            </Form.Text>
          ) : null}
        </Form.Group>
        <Button type="submit" variant="primary" disabled title="Coming soon">
          Start one-shot search
        </Button>
        <p className="small text-muted mt-2 mb-0">One-shot searches are coming soon.</p>
      </Form>
    </div>
  );
}
