import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { INDUSTRY_CATEGORIES } from '../search';
import { SORT_OPTIONS, toSortOrder, type Refinement } from './refine';

interface Props {
  refinement: Refinement;
  types: readonly string[];
  onChange: (refinement: Refinement) => void;
}

export function RefineControls({ refinement, types, onChange }: Props) {
  return (
    <Row
      className="g-2 mb-3"
      as="form"
      aria-label="Refine results"
      onSubmit={(event) => event.preventDefault()}
    >
      <Col sm={4}>
        <Form.Group controlId="refine-industry">
          <Form.Label className="small mb-1">Industry</Form.Label>
          <Form.Select
            size="sm"
            value={refinement.category}
            onChange={(event) => onChange({ ...refinement, category: event.target.value })}
          >
            <option value="">All Industries</option>
            {INDUSTRY_CATEGORIES.map((category) => (
              <option key={category.value} value={category.value}>
                {category.label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </Col>
      <Col sm={4}>
        <Form.Group controlId="refine-type">
          <Form.Label className="small mb-1">Patent Type</Form.Label>
          <Form.Select
            size="sm"
            value={refinement.type}
            onChange={(event) => onChange({ ...refinement, type: event.target.value })}
          >
            <option value="">All Types</option>
            {types.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </Col>
      <Col sm={4}>
        <Form.Group controlId="refine-sort">
          <Form.Label className="small mb-1">Sort by</Form.Label>
          <Form.Select
            size="sm"
            value={refinement.sort}
            onChange={(event) => onChange({ ...refinement, sort: toSortOrder(event.target.value) })}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </Col>
    </Row>
  );
}
