import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LensQueryInput } from './LensQueryInput';
import { lensQueryRefusal } from './lensQueryReading';
import { SearchForm } from './SearchForm';

function AdvancedForm({ onSearch }: { onSearch: (text: string) => void }) {
  return (
    <SearchForm
      id="advanced"
      label="Advanced search query"
      placeholder=""
      initialText=""
      loading={false}
      limited={false}
      onSearch={onSearch}
      check={lensQueryRefusal}
      renderInput={(control) => <LensQueryInput {...control} />}
    />
  );
}

describe('LensQueryInput', () => {
  it('reads the query back in plain English as the user types, without a request', async () => {
    const user = userEvent.setup();
    render(<AdvancedForm onSearch={vi.fn()} />);
    await user.type(
      screen.getByRole('combobox', { name: 'Advanced search query' }),
      'title:(solar AND panel) AND date_published:[[2015 TO 2020] AND jurisdiction:AU',
    );
    expect(
      await screen.findByText(
        'Patents whose title has solar and panel, published 2015 to 2020, from Australia',
      ),
    ).toBeInTheDocument();
  });

  it('shows the syntax error with its character underlined in the box', async () => {
    const user = userEvent.setup();
    render(<AdvancedForm onSearch={vi.fn()} />);
    const box = screen.getByRole('combobox', { name: 'Advanced search query' });
    await user.type(box, 'solar AND (panel');
    expect(await screen.findByText(/Query error at character 17: expected "\)"/)).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('query-error-mark')).toBeInTheDocument();
  });

  it('never sends a query the server would refuse', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<AdvancedForm onSearch={onSearch} />);
    await user.type(
      screen.getByRole('combobox', { name: 'Advanced search query' }),
      'title:[[2015 TO 2020]{Enter}',
    );
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('ranges work on date_published');
    await user.clear(screen.getByRole('combobox', { name: 'Advanced search query' }));
    await user.type(screen.getByRole('combobox', { name: 'Advanced search query' }), 'solar{Enter}');
    expect(onSearch).toHaveBeenCalledWith('solar');
  });

  it('suggests values as a combobox: Down chooses, Enter takes, Escape closes', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<AdvancedForm onSearch={onSearch} />);
    const box = screen.getByRole('combobox', { name: 'Advanced search query' });
    await user.type(box, 'solar AND jurisdiction:austral');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const option = screen.getByRole('option', { name: /AU\s*Australia/ });
    expect(option).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', option.id);
    expect(option).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('solar AND jurisdiction:AU');
    expect(onSearch).not.toHaveBeenCalled();
    await user.type(box, ' AND le');
    expect(screen.getByRole('option', { name: /legal_status\.patent_status:/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });
});
