import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { serverMessage } from '../../session/apiErrors';
import { useToast } from '../../ui/Toasts';
import { PreviousSearchesDocument, RequestOneShotSearchDocument } from '../../__generated__/graphql';
import { SEARCH_FAILED_WITHOUT_MESSAGE } from './searchResult';

const HINT_AFTER_CHARACTERS = 10;

function countWords(text: string): number {
  return text.trim().split(/\s+/).filter(Boolean).length;
}

/**
 * The hidden deep one-shot search (reached at /home?tab=oneshot): ready, then 'Accepted' with the
 * input locked and the request id shown; the report comes by e-mail and under Previous Searches.
 */
export function OneShotTab() {
  const toast = useToast();
  const [text, setText] = useState('');
  const [request, { data, loading }] = useMutation(RequestOneShotSearchDocument, {
    refetchQueries: [PreviousSearchesDocument],
  });
  const requestId = data?.requestOneShotSearch.requestId;
  const words = countWords(text);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '' || loading || requestId) return;
    try {
      await request({ variables: { query: text.trim() } });
    } catch (failure) {
      console.error(SEARCH_FAILED_WITHOUT_MESSAGE, failure);
      toast({
        title: 'Error.',
        description: serverMessage(failure) ?? SEARCH_FAILED_WITHOUT_MESSAGE,
        variant: 'danger',
      });
    }
  }

  return (
    <div className="py-2">
      <h2 className="h5">One-shot search</h2>
      <p className="small text-muted">
        A deep search uses one credit; its result is e-mailed to you when ready, in about 3-5 minutes.
      </p>
      <Form onSubmit={(event) => void submit(event)}>
        <Form.Group controlId="oneshot-query" className="mb-2">
          <Form.Label>Describe the invention or idea</Form.Label>
          <Form.Control
            type="text"
            value={text}
            onChange={(event) => setText(event.target.value)}
            disabled={Boolean(requestId)}
          />
          {text.length > HINT_AFTER_CHARACTERS ? (
            <Form.Text>
              {words} {words === 1 ? 'word' : 'words'} (15-20 words suggested)
            </Form.Text>
          ) : null}
        </Form.Group>
        <Button
          type="submit"
          variant="primary"
          disabled={text.trim() === '' || loading || Boolean(requestId)}
        >
          {loading ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
          {requestId ? 'Accepted' : 'Start one-shot search'}
        </Button>
      </Form>
      {requestId ? (
        <Alert variant="success" className="mt-3 mb-0">
          Your one-shot search is under way. Its report will be e-mailed to you, and listed under Previous
          Searches. Request id: <code>{requestId}</code>
        </Alert>
      ) : null}
    </div>
  );
}
