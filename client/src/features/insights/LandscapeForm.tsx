import { useState, type FormEvent } from 'react';
import { useLazyQuery } from '@apollo/client/react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { LandscapeKind, type LandscapeInput } from '../../__generated__/graphql';
import { serverMessage } from '../../session/apiErrors';
import { CountPanel } from './charts';
import { LandscapeDocument } from '../../__generated__/graphql';
import { LandscapeViews } from './LandscapeViews';
import { Section } from './Section';

/** A search asked as aggregates: how large a technology landscape is, and whose. */
export function LandscapeForm() {
  const [query, setQuery] = useState('');
  const [kind, setKind] = useState<LandscapeKind>(LandscapeKind.Ai);
  const [run, { data, loading, error }] = useLazyQuery(LandscapeDocument, { fetchPolicy: 'network-only' });
  // What the shown landscape answers (not the box as edited since): its map is drawn from it.
  const [asked, setAsked] = useState<LandscapeInput | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!query.trim()) return;
    const input = { kind, query: query.trim() };
    setAsked(input);
    void run({ variables: { input } }).catch(() => undefined);
  };
  const landscape = data?.landscape;

  return (
    <Section id="landscape-heading" title="Landscape">
      <p className="text-muted small">
        A search in the AI or the advanced (Lens) syntax, answered as aggregates over its best matches instead
        of a result list. It uses no search credit.
      </p>
      <Form onSubmit={submit} className="mb-3">
        <Row className="g-2 align-items-end">
          <Col md={7}>
            <Form.Label htmlFor="landscape-query">Query</Form.Label>
            <Form.Control
              id="landscape-query"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="e.g. robots that clean solar panels, or title:(battery AND cooling)"
            />
          </Col>
          <Col md={3}>
            <Form.Label htmlFor="landscape-kind">Syntax</Form.Label>
            <Form.Select
              id="landscape-kind"
              value={kind}
              onChange={(event) => setKind(event.target.value as LandscapeKind)}
            >
              <option value={LandscapeKind.Ai}>AI (plain language)</option>
              <option value={LandscapeKind.Advanced}>Advanced (Lens syntax)</option>
            </Form.Select>
          </Col>
          <Col md={2}>
            <Button type="submit" className="w-100" disabled={loading || !query.trim()}>
              {loading ? <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" /> : null}
              Size it
            </Button>
          </Col>
        </Row>
      </Form>
      {error ? (
        <Alert variant="danger">{serverMessage(error) ?? 'The landscape could not be computed.'}</Alert>
      ) : null}
      {landscape && asked ? (
        <div data-testid="landscape-result">
          <p>
            <strong>{landscape.total.toLocaleString('en')}</strong>
            {landscape.estimated ? ' (estimated)' : ''} matches. Figures over {landscape.basis}.
          </p>
          <LandscapeViews
            // A new landscape starts on its charts, with no map selection.
            key={JSON.stringify(asked)}
            input={asked}
            charts={
              <Row className="g-4">
                <CountPanel title="Publications per year" rows={landscape.byYear} vertical />
                <CountPanel title="Top owners" rows={landscape.topOwners} />
                <CountPanel title="Top IPC classes" rows={landscape.topIpcClasses} />
                <CountPanel title="Countries" rows={landscape.byCountry} />
              </Row>
            }
          />
        </div>
      ) : null}
    </Section>
  );
}
