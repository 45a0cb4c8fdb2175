import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FilterPanel } from './FilterPanel';
import { EMPTY_FILTERS, type PanelFilters } from './panelState';

function Panel({ onChange }: { onChange: (filters: PanelFilters) => void }) {
  const [filters, setFilters] = useState<PanelFilters>(EMPTY_FILTERS);
  return (
    <FilterPanel
      filters={filters}
      disabled={false}
      onChange={(next) => {
        setFilters(next);
        onChange(next);
      }}
    />
  );
}

describe('FilterPanel', () => {
  it('ticks document types into publication types, and clears every filter', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Panel onChange={onChange} />);
    // Queried inside its group: the whole panel (a hundred countries) is slow to search in jsdom.
    const types = () => within(screen.getByRole('group', { name: 'Document type' }));
    await user.click(types().getByRole('checkbox', { name: 'Granted patents' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ documentTypes: ['GRANTED_PATENT'] }));
    await user.click(types().getByRole('checkbox', { name: 'Applications' }));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ documentTypes: ['GRANTED_PATENT', 'PATENT_APPLICATION'] }),
    );
    await user.click(screen.getByText('Clear filters'));
    expect(onChange).toHaveBeenLastCalledWith(EMPTY_FILTERS);
    expect(types().getByRole('checkbox', { name: 'Granted patents' })).not.toBeChecked();
  });

  it('settles typed years inside 1824..2050 when a box is left, "from" never after "to"', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Panel onChange={onChange} />);
    const from = screen.getByLabelText('From year');
    const to = screen.getByLabelText('To year');
    await user.type(to, '3000');
    await user.tab();
    expect(to).toHaveValue(2050);
    await user.type(from, '1700');
    await user.tab();
    expect(from).toHaveValue(1824);
    await user.clear(to);
    await user.type(to, '1900');
    await user.clear(from);
    await user.type(from, '1950');
    await user.tab();
    expect(from).toHaveValue(1900);
  });
});
