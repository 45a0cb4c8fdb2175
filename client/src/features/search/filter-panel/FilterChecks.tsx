import { memo, useState } from 'react';
import Form from 'react-bootstrap/Form';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';
import { LEGAL_STATUSES } from '@patentscout/schema';
import type { PanelFilters } from './panelState';
import { COUNTRY_OPTIONS, PINNED_COUNT } from '../reference/countries';

/** The filter lists a tick toggles a value in. */
export type CheckedList = keyof Pick<
  PanelFilters,
  'categories' | 'legalStatuses' | 'documentTypes' | 'countries'
>;

/**
 * One group of checkboxes. Memoised: a keystroke in the year boxes re-renders the panel, not the
 * hundred-odd checkboxes whose ticks did not change (`onToggle` is stable).
 */
interface GroupProps {
  selected: readonly string[];
  disabled: boolean;
  onToggle: (list: CheckedList, value: string) => void;
}

/** Checkboxes of plain options (industry categories, document types). */
export const OptionChecks = memo(function OptionChecks({
  legend,
  list,
  idPrefix,
  options,
  selected,
  disabled,
  onToggle,
}: GroupProps & {
  legend: string;
  list: CheckedList;
  idPrefix: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <fieldset className="mb-3" disabled={disabled}>
      <legend className="h6">{legend}</legend>
      {options.map((option) => (
        <Form.Check
          key={option.value}
          id={`${idPrefix}-${option.value}`}
          label={option.label}
          checked={selected.includes(option.value)}
          onChange={() => onToggle(list, option.value)}
        />
      ))}
    </fieldset>
  );
});

/**
 * A legal status's help text: the option's description (read with it by screen readers), and a
 * tooltip on its "?" button, shown on hover and on keyboard focus.
 */
function StatusHelp({ id, label, text }: { id: string; label: string; text: string }) {
  return (
    <>
      <span id={id} className="visually-hidden">
        {text}
      </span>
      <OverlayTrigger placement="top" overlay={<Tooltip id={`${id}-tooltip`}>{text}</Tooltip>}>
        <button
          type="button"
          className="ms-2 badge rounded-pill text-bg-light border fw-normal"
          style={{ cursor: 'help' }}
          aria-label={`About ${label}`}
          aria-describedby={id}
        >
          ?
        </button>
      </OverlayTrigger>
    </>
  );
}

export const LegalStatusChecks = memo(function LegalStatusChecks({
  selected,
  disabled,
  onToggle,
}: GroupProps) {
  return (
    <fieldset className="mb-3" disabled={disabled}>
      <legend className="h6">Legal status</legend>
      {LEGAL_STATUSES.map((status) => (
        <div key={status.value} className="d-flex align-items-center">
          <Form.Check
            id={`legal-status-${status.stored}`}
            label={status.label}
            aria-describedby={`legal-status-help-${status.stored}`}
            checked={selected.includes(status.value)}
            onChange={() => onToggle('legalStatuses', status.value)}
          />
          <StatusHelp id={`legal-status-help-${status.stored}`} label={status.label} text={status.help} />
        </div>
      ))}
    </fieldset>
  );
});

export const CountryChecks = memo(function CountryChecks({ selected, disabled, onToggle }: GroupProps) {
  const [countryQuery, setCountryQuery] = useState('');
  const visibleCountries = COUNTRY_OPTIONS.filter((option) =>
    option.label.toLowerCase().includes(countryQuery.trim().toLowerCase()),
  );
  return (
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
              checked={selected.includes(option.key)}
              onChange={() => onToggle('countries', option.key)}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
});
