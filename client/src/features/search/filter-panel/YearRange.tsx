import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { effectiveYears, YEAR_MAX, YEAR_MIN } from '@patentscout/schema';

interface Props {
  yearFrom: string;
  yearTo: string;
  disabled: boolean;
  onChange: (years: { yearFrom: string; yearTo: string }) => void;
}

/** From and To years; typing is free, leaving a box settles it inside 1824..2050 with from <= to. */
export function YearRange({ yearFrom, yearTo, disabled, onChange }: Props) {
  const [from, to] = effectiveYears(yearFrom, yearTo);

  // From cannot exceed To, and To cannot go below From: each box gives way when it is the one edited.
  const settleFrom = () => {
    if (yearFrom.trim() === '') return;
    const typed = Number.parseInt(yearFrom, 10);
    const value = Number.isFinite(typed) ? Math.min(Math.max(typed, YEAR_MIN), to) : YEAR_MIN;
    onChange({ yearFrom: String(value), yearTo });
  };
  const settleTo = () => {
    if (yearTo.trim() === '') return;
    const settledFrom = Math.max(YEAR_MIN, Number.parseInt(yearFrom, 10) || YEAR_MIN);
    const typed = Number.parseInt(yearTo, 10);
    const value = Number.isFinite(typed)
      ? Math.max(Math.min(typed, YEAR_MAX), Math.min(settledFrom, YEAR_MAX))
      : YEAR_MAX;
    onChange({ yearFrom, yearTo: String(value) });
  };

  return (
    <fieldset disabled={disabled}>
      <legend className="h6">Years</legend>
      <Row className="g-2">
        <Col>
          <Form.Group controlId="year-from">
            <Form.Label className="small mb-1">From year</Form.Label>
            <Form.Control
              type="number"
              size="sm"
              inputMode="numeric"
              min={YEAR_MIN}
              max={to}
              placeholder={String(YEAR_MIN)}
              value={yearFrom}
              onChange={(event) => onChange({ yearFrom: event.target.value, yearTo })}
              onBlur={settleFrom}
            />
          </Form.Group>
        </Col>
        <Col>
          <Form.Group controlId="year-to">
            <Form.Label className="small mb-1">To year</Form.Label>
            <Form.Control
              type="number"
              size="sm"
              inputMode="numeric"
              min={from}
              max={YEAR_MAX}
              placeholder={String(YEAR_MAX)}
              value={yearTo}
              onChange={(event) => onChange({ yearFrom, yearTo: event.target.value })}
              onBlur={settleTo}
            />
          </Form.Group>
        </Col>
      </Row>
    </fieldset>
  );
}
