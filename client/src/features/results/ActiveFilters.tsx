import Badge from 'react-bootstrap/Badge';
import { describeSearchFilters } from '@patentscout/schema';
import type { ResultsParams } from '../search';

export function ActiveFilters({ params }: { params: ResultsParams }) {
  // The vocabulary leaves out the whole year range, as it leaves it out of the address.
  const groups = describeSearchFilters(params.input);
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3" aria-label="Active filters" role="group">
      <span className="fw-semibold small">Filters:</span>
      {groups.length === 0 ? (
        <Badge bg="light" text="dark" className="border">
          None
        </Badge>
      ) : (
        groups.map((group) => (
          <span key={group.label} className="d-inline-flex flex-wrap align-items-center gap-1">
            <span className="small text-muted">{group.label}:</span>
            {group.values.map((value) => (
              <Badge key={value} bg="secondary">
                {value}
              </Badge>
            ))}
          </span>
        ))
      )}
    </div>
  );
}
