import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { SmallSelect } from '../../ui/SmallSelect';
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
        <SmallSelect
          controlId="refine-industry"
          label="Industry"
          anyLabel="All Industries"
          options={INDUSTRY_CATEGORIES}
          value={refinement.category}
          onChange={(category) => onChange({ ...refinement, category })}
        />
      </Col>
      <Col sm={4}>
        <SmallSelect
          controlId="refine-type"
          label="Patent Type"
          anyLabel="All Types"
          options={types.map((type) => ({ value: type, label: type }))}
          value={refinement.type}
          onChange={(type) => onChange({ ...refinement, type })}
        />
      </Col>
      <Col sm={4}>
        <SmallSelect
          controlId="refine-sort"
          label="Sort by"
          options={SORT_OPTIONS}
          value={refinement.sort}
          onChange={(sort) => onChange({ ...refinement, sort: toSortOrder(sort) })}
        />
      </Col>
    </Row>
  );
}
