import { useState, type ReactNode } from 'react';
import { useQuery } from '@apollo/client/react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { AnalyticsInterval, InsightsDocument, ViewerAccountDocument } from '../../__generated__/graphql';
import { serverMessage } from '../../session/apiErrors';
import { CenteredSpinner } from '../../ui/CenteredSpinner';
import { NotAvailable } from './NotAvailable';
import { ChartPanel, CountChart, CountPanel, TimeChart } from './charts';
import { LandscapeForm } from './LandscapeForm';
import { Section } from './Section';

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

interface DateBoxProps {
  id: string;
  label: string;
  value: string;
  /** The other end of the range: the picker offers no day past it. */
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}

/** One end of the range, as a column of the range's row. */
function DateBox({ id, label, onChange, ...range }: DateBoxProps) {
  return (
    <Col sm={4} md={3}>
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <Form.Control id={id} type="date" {...range} onChange={(e) => onChange(e.target.value)} />
    </Col>
  );
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Card className="h-100">
      <Card.Body>
        <div className="text-muted small">{label}</div>
        <div className="fs-4 fw-semibold">{value}</div>
      </Card.Body>
    </Card>
  );
}

const number = (value: number) => value.toLocaleString('en');

/** The analysts' page: searches, users and subscriptions, page views and the corpus over a range. */
export function InsightsPage() {
  // The page's own read of the account (from the cache once the header has it): the provider's
  // delayed first load would otherwise show "Not available" for a moment on a direct visit.
  const { data: accountData, loading: accountLoading } = useQuery(ViewerAccountDocument, {
    fetchPolicy: 'cache-first',
  });
  const account = accountData?.viewerAccount ?? null;
  const today = new Date();
  const [from, setFrom] = useState(isoDay(new Date(today.getTime() - 29 * DAY_MS)));
  const [to, setTo] = useState(isoDay(today));
  const [interval, setBucketInterval] = useState<AnalyticsInterval>(AnalyticsInterval.Day);
  const validRange = from !== '' && to !== '' && from <= to;
  // The range's end day is included: the API's `to` is exclusive.
  const range = validRange ? { from, to: isoDay(new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS)) } : null;
  const { data, loading, error } = useQuery(InsightsDocument, {
    variables: { range: range ?? { from, to }, interval },
    skip: !account?.analyst || !range,
  });

  if (accountLoading && !account) return <CenteredSpinner label="Loading your account..." />;
  if (!account?.analyst) return <NotAvailable />;

  const analytics = data?.analytics;
  return (
    <>
      <h1 className="h3 mb-3">Insights</h1>
      <Form className="mb-4" aria-label="Range" onSubmit={(event) => event.preventDefault()}>
        <Row className="g-2 align-items-end">
          <DateBox id="insights-from" label="From" value={from} max={to} onChange={setFrom} />
          <DateBox id="insights-to" label="To (included)" value={to} min={from} onChange={setTo} />
          <Col sm={4} md={3}>
            <Form.Label htmlFor="insights-interval">Per</Form.Label>
            <Form.Select
              id="insights-interval"
              value={interval}
              onChange={(e) => setBucketInterval(e.target.value as AnalyticsInterval)}
            >
              <option value={AnalyticsInterval.Day}>Day</option>
              <option value={AnalyticsInterval.Week}>Week</option>
            </Form.Select>
          </Col>
        </Row>
        {!validRange ? (
          <Form.Text className="text-danger">The start must not be after the end.</Form.Text>
        ) : null}
      </Form>

      {error ? (
        <Alert variant="danger">{serverMessage(error) ?? 'The analytics could not be loaded.'}</Alert>
      ) : null}
      {loading && !analytics ? <CenteredSpinner label="Loading the analytics..." /> : null}
      {analytics ? (
        <div aria-busy={loading}>
          <Section id="insights-searches" title="Searches">
            <Row className="g-3 mb-3">
              <Col sm={6} md={3}>
                <Stat label="Searches" value={number(analytics.searches)} />
              </Col>
            </Row>
            <Row className="g-4">
              <ChartPanel title="By kind">
                <TimeChart buckets={analytics.byKind} title="Searches by kind" />
              </ChartPanel>
              <ChartPanel title="By plan">
                <TimeChart buckets={analytics.byPlan} title="Searches by plan" />
              </ChartPanel>
              <CountPanel title="Most frequent queries" rows={analytics.topQueries} />
              <CountPanel
                title="Most used filters"
                rows={analytics.topFilters.map((row) => ({
                  value: `${row.filter}: ${row.value}`,
                  count: row.count,
                }))}
              />
              <CountPanel title="Industries searched" rows={analytics.topIndustries} />
              <CountPanel title="Countries searched" rows={analytics.topCountries} />
            </Row>
          </Section>

          <Section id="insights-users" title="Users and subscriptions">
            <Row className="g-3 mb-3">
              <Col sm={6} md={3}>
                <Stat label="Active users" value={number(analytics.activeUsers)} />
              </Col>
              <Col sm={6} md={3}>
                <Stat label="Free users at the limit" value={number(analytics.freeUsersAtLimit)} />
              </Col>
              <Col sm={6} md={2}>
                <Stat label="Subscriptions started" value={number(analytics.subscriptions.started)} />
              </Col>
              <Col sm={6} md={2}>
                <Stat label="Cancelled" value={number(analytics.subscriptions.cancelled)} />
              </Col>
              <Col sm={6} md={2}>
                <Stat label="Active now" value={number(analytics.subscriptions.activeNow)} />
              </Col>
            </Row>
            <Row className="g-4">
              <ChartPanel title="Sign-ups">
                <TimeChart buckets={analytics.signUps} title="Sign-ups" />
              </ChartPanel>
              <ChartPanel title="Subscriptions started and cancelled">
                <TimeChart buckets={analytics.subscriptions.overTime} title="Subscriptions" />
              </ChartPanel>
            </Row>
          </Section>

          <Section id="insights-page-views" title="Page views">
            <CountChart rows={analytics.pageViewsByRoute} title="Page views per route" />
          </Section>

          <Section id="insights-corpus" title="Corpus">
            <Row className="g-3 mb-3">
              <Col sm={6} md={3}>
                <Stat label="Patents" value={number(analytics.corpus.patents)} />
              </Col>
              <Col sm={6} md={3}>
                <Stat
                  label="With AI text"
                  value={`${(analytics.corpus.enrichmentCoverage.ratio * 100).toFixed(1)}%`}
                />
              </Col>
              <Col md={6}>
                <Stat
                  label="Last re-index run"
                  value={
                    analytics.corpus.lastReindexRun ? (
                      <span className="fs-6">
                        {analytics.corpus.lastReindexRun.status}, started{' '}
                        {analytics.corpus.lastReindexRun.startedAt.slice(0, 16).replace('T', ' ')} UTC;{' '}
                        {number(analytics.corpus.lastReindexRun.inserted)} new,{' '}
                        {number(analytics.corpus.lastReindexRun.updated)} updated
                        {analytics.corpus.lastReindexRun.error
                          ? ` (${analytics.corpus.lastReindexRun.error})`
                          : ''}
                      </span>
                    ) : (
                      <span className="fs-6 text-muted">none yet</span>
                    )
                  }
                />
              </Col>
            </Row>
            <Row className="g-4">
              <Col lg={12}>
                <h3 className="h6">Patents by publication year</h3>
                <CountChart rows={analytics.corpus.byYear} title="Patents by publication year" vertical />
              </Col>
              <CountPanel
                title="By country"
                rows={analytics.corpus.byCountry}
                chartTitle="Patents by country"
              />
              <ChartPanel title="By legal status">
                <Table size="sm" className="mb-0">
                  <thead>
                    <tr>
                      <th scope="col">Status</th>
                      <th scope="col" className="text-end">
                        Patents
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {analytics.corpus.byStatus.map((row) => (
                      <tr key={row.value}>
                        <td>{row.value}</td>
                        <td className="text-end">{number(row.count)}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </ChartPanel>
            </Row>
          </Section>
        </div>
      ) : null}
      <LandscapeForm />
    </>
  );
}
