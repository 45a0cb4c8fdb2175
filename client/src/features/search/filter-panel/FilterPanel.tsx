import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';
import { LEGAL_STATUSES } from '@patentscout/schema';
import { COUNTRY_OPTIONS, PINNED_COUNT } from '../reference/countries';
import { INDUSTRY_CATEGORIES } from '../reference/industries';
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

function HelpIcon({ id, text }: { id: string; text: string }) {
  return (
    <OverlayTrigger placement="right" overlay={<Tooltip id={id}>{text}</Tooltip>}>
      <span
        className="ms-2 badge rounded-pill text-bg-light border fw-normal"
        style={{ cursor: 'help' }}
        tabIndex={0}
        role="img"
        aria-label={text}
      >
        ?
      </span>
    </OverlayTrigger>
  );
}

export function FilterPanel({ filters, onChange, disabled }: Props) {
  const [countryQuery, setCountryQuery] = useState('');
  const visibleCountries = COUNTRY_OPTIONS.filter((option) =>
    option.label.toLowerCase().includes(countryQuery.trim().toLowerCase()),
  );
  const set = (patch: Partial<PanelFilters>) => onChange({ ...filters, ...patch });

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
        <fieldset className="mb-3" disabled={disabled}>
          <legend className="h6">Industry categories</legend>
          {INDUSTRY_CATEGORIES.map((category) => (
            <Form.Check
              key={category.value}
              id={`category-${category.value}`}
              label={category.label}
              checked={filters.categories.includes(category.value)}
              onChange={() => set({ categories: toggle(filters.categories, category.value) })}
            />
          ))}
        </fieldset>
        <fieldset className="mb-3" disabled={disabled}>
          <legend className="h6">Legal status</legend>
          {LEGAL_STATUSES.map((status) => (
            <div key={status.value} className="d-flex align-items-center">
              <Form.Check
                id={`legal-status-${status.stored}`}
                label={status.label}
                checked={filters.legalStatuses.includes(status.value)}
                onChange={() => set({ legalStatuses: toggle(filters.legalStatuses, status.value) })}
              />
              <HelpIcon id={`legal-status-help-${status.stored}`} text={status.help} />
            </div>
          ))}
        </fieldset>
        <fieldset className="mb-3" disabled={disabled}>
          <legend className="h6">Document type</legend>
          {DOCUMENT_TYPES.map((type) => (
            <Form.Check
              key={type.value}
              id={`document-type-${type.value}`}
              label={type.label}
              checked={filters.documentTypes.includes(type.value)}
              onChange={() => set({ documentTypes: toggle(filters.documentTypes, type.value) })}
            />
          ))}
        </fieldset>
        <fieldset className="mb-3" disabled={disabled}>
          <legend className="h6">Countries</legend>
          <Form.Control
            size="sm"
            type="search"
            className="mb-2"
            placeholder="Find a country"
            aria-label="Find a country"
            value={countryQuery}
            onChange={(event) => setCountryQuery(event.target.value)}
          />
          <div className="filter-scroll pe-1">
            {visibleCountries.map((option, index) => (
              <div key={option.key}>
                {countryQuery === '' && index === PINNED_COUNT ? <hr className="my-1" /> : null}
                <Form.Check
                  id={`country-${option.key}`}
                  label={`${option.label} (${option.codes.join(', ')})`}
                  checked={filters.countries.includes(option.key)}
                  onChange={() => set({ countries: toggle(filters.countries, option.key) })}
                />
              </div>
            ))}
          </div>
        </fieldset>
        <YearRange
          yearFrom={filters.yearFrom}
          yearTo={filters.yearTo}
          disabled={disabled}
          onChange={(years) => set(years)}
        />
      </Card.Body>
    </Card>
  );
}
