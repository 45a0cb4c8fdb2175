import { useMemo } from 'react';
import { Link } from 'react-router';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { formatDate } from '../../ui/format';
import {
  applicantNamesOf,
  EX_GO8,
  GO8,
  OTHER_COLLECTIONS,
  TEN_YEAR_START,
  type ResearchInstitution,
} from './collections';
import { applicantSearchPath, sixMonthWindow, windowSince, type DateWindow } from './windows';

function describe(window: DateWindow): string {
  return `${formatDate(window.from) ?? window.from} to ${formatDate(window.to) ?? window.to}`;
}

function LinkList({
  title,
  institutions,
  window,
}: {
  title: string;
  institutions: readonly ResearchInstitution[];
  window: DateWindow;
}) {
  return (
    <Card className="shadow-sm">
      <Card.Header as="h3" className="h6 mb-0">
        {title}
      </Card.Header>
      <ListGroup variant="flush" className="small">
        {institutions.map((institution) => (
          <ListGroup.Item key={institution.key}>
            <Link to={applicantSearchPath(institution.applicantNames, window)}>{institution.name}</Link>
          </ListGroup.Item>
        ))}
      </ListGroup>
    </Card>
  );
}

export function UniversitySearchesPage() {
  const today = useMemo(() => new Date(), []);
  const tenYears = windowSince(TEN_YEAR_START, today);
  const sixMonths = sixMonthWindow(today);

  return (
    <>
      <h1 className="h3 mb-2">University Searches</h1>
      <p className="text-muted">
        Ready-made searches for patents from Australian universities and leading research organisations.
        Opening one runs its search, which counts toward your monthly searches (the same search again within a
        day is free).
      </p>

      <section aria-labelledby="six-month-title" className="mb-4">
        <h2 id="six-month-title" className="h5">
          Six-month collections
        </h2>
        <p className="small text-muted">Published {describe(sixMonths)}.</p>
        <div className="d-flex flex-wrap gap-2">
          <Link
            className="btn btn-outline-primary"
            to={applicantSearchPath(applicantNamesOf(GO8), sixMonths)}
          >
            Group of Eight (Go8)
          </Link>
          <Link
            className="btn btn-outline-primary"
            to={applicantSearchPath(applicantNamesOf(EX_GO8), sixMonths)}
          >
            Other Australian universities (ex-Go8)
          </Link>
        </div>
      </section>

      <section aria-labelledby="universities-title" className="mb-4">
        <h2 id="universities-title" className="h5">
          Australian universities
        </h2>
        <p className="small text-muted">Published {describe(tenYears)}.</p>
        <Row className="g-3">
          <Col md={6}>
            <LinkList title="Group of Eight (Go8)" institutions={GO8} window={tenYears} />
          </Col>
          <Col md={6}>
            <LinkList
              title="Other Australian universities (ex-Go8)"
              institutions={EX_GO8}
              window={tenYears}
            />
          </Col>
        </Row>
      </section>

      <section aria-labelledby="other-title" className="mb-4">
        <h2 id="other-title" className="h5">
          Other collections
        </h2>
        <p className="small text-muted">Published {describe(tenYears)}.</p>
        <div className="d-flex flex-wrap gap-2">
          {OTHER_COLLECTIONS.map((institution) => (
            <Link
              key={institution.key}
              className="btn btn-outline-primary"
              to={applicantSearchPath(institution.applicantNames, tenYears)}
            >
              {institution.name}
            </Link>
          ))}
        </div>
      </section>
    </>
  );
}
