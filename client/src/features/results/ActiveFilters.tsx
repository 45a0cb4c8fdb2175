import Badge from 'react-bootstrap/Badge';
import { LEGAL_STATUSES } from '@patentscout/schema';
import { categoriesForIpcFilters, countryName, documentTypeLabel, type ResultsParams } from '../search';

interface TagGroup {
  label: string;
  values: string[];
}

function groupsFor({ input, yearsGiven }: ResultsParams): TagGroup[] {
  const groups: TagGroup[] = [];
  const ipc = input.ipc_filters ?? [];
  if (ipc.length > 0) {
    const categories = categoriesForIpcFilters(ipc);
    const covered = new Set(categories.flatMap((category) => category.ipc));
    const loose = ipc.filter((code) => !covered.has(code));
    groups.push({ label: 'Categories', values: [...categories.map((category) => category.label), ...loose] });
  }
  const legal = input.legal_status ?? [];
  if (legal.length > 0) {
    groups.push({
      label: 'Legal Statuses',
      values: legal.map((value) => LEGAL_STATUSES.find((status) => status.value === value)?.label ?? value),
    });
  }
  const countries = input.jurisdiction ?? [];
  if (countries.length > 0) groups.push({ label: 'Countries', values: countries.map(countryName) });
  const kinds = input.kind ?? [];
  if (kinds.length > 0) groups.push({ label: 'Document types', values: kinds.map(documentTypeLabel) });
  if (yearsGiven && input.years)
    groups.push({ label: 'Years', values: [`${input.years[0]} – ${input.years[1]}`] });
  return groups;
}

export function ActiveFilters({ params }: { params: ResultsParams }) {
  const groups = groupsFor(params);
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
