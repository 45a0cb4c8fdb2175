import { useCallback, useLayoutEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { INDUSTRY_CATEGORIES } from '../reference/industries';
import { CountryChecks, LegalStatusChecks, OptionChecks, type CheckedList } from './FilterChecks';
import { DOCUMENT_TYPES, EMPTY_FILTERS, type PanelFilters } from './panelState';
import { YearRange } from './YearRange';

interface Props {
  filters: PanelFilters;
  onChange: (filters: PanelFilters) => void;
  disabled: boolean;
}

function toggle(list: readonly string[], value: string): string[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}

export function FilterPanel({ filters, onChange, disabled }: Props) {
  // The latest filters and callback, so that one stable toggle serves the memoised groups.
  const latest = useRef({ filters, onChange });
  useLayoutEffect(() => {
    latest.current = { filters, onChange };
  });
  const toggleIn = useCallback((list: CheckedList, value: string) => {
    const { filters: current, onChange: change } = latest.current;
    change({ ...current, [list]: toggle(current[list], value) });
  }, []);
  const optionChecks = (
    legend: string,
    list: 'categories' | 'documentTypes',
    idPrefix: string,
    options: readonly { value: string; label: string }[],
  ) => (
    <OptionChecks
      legend={legend}
      list={list}
      idPrefix={idPrefix}
      options={options}
      selected={filters[list]}
      disabled={disabled}
      onToggle={toggleIn}
    />
  );

  return (
    <Card as="aside" aria-label="Search filters" className="shadow-sm">
      <Card.Body>
        <div className="d-flex justify-content-between align-items-center mb-2">
          <h2 className="h5 mb-0">Filters</h2>
          <Button
            variant="link"
            size="sm"
            className="p-0"
            onClick={() => onChange(EMPTY_FILTERS)}
            disabled={disabled}
          >
            Clear filters
          </Button>
        </div>
        {optionChecks('Industry categories', 'categories', 'category', INDUSTRY_CATEGORIES)}
        <LegalStatusChecks selected={filters.legalStatuses} disabled={disabled} onToggle={toggleIn} />
        {optionChecks('Document type', 'documentTypes', 'document-type', DOCUMENT_TYPES)}
        <CountryChecks selected={filters.countries} disabled={disabled} onToggle={toggleIn} />
        <YearRange
          yearFrom={filters.yearFrom}
          yearTo={filters.yearTo}
          disabled={disabled}
          onChange={(years) => onChange({ ...filters, ...years })}
        />
      </Card.Body>
    </Card>
  );
}
