import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { resultItem } from '../../testing/results';
import { ChartStrip, continuousYears, countryCounts, ownerCounts, topCounts, yearCounts } from './ChartStrip';
import { NO_REFINEMENT, refineResults, type Refinement } from './refine';

const items = [
  resultItem({ lens_id: 'a', date: '2019-05-01', jurisdiction: 'US' }),
  resultItem({ lens_id: 'b', date: '2021-02-01', jurisdiction: 'AU' }),
  resultItem({ lens_id: 'c', date: '2019-09-01', jurisdiction: 'US' }),
  resultItem({ lens_id: 'd', date: '2021-03-01', jurisdiction: 'CN' }),
  resultItem({ lens_id: 'e', date: '2019-01-01', jurisdiction: 'AU' }),
];
const owners = new Map([
  ['a', ['Acme Corp']],
  ['b', ['Acme Corp', 'Beta Ltd']],
  ['c', ['Beta Ltd', 'Beta Ltd']],
  ['d', []],
  ['e', ['Acme Corp']],
]);
const ids = (refined: { lens_id: string }[]) => refined.map((item) => item.lens_id);

describe('the chart strip counts', () => {
  it('counts publications per year (oldest first) and countries (most first, ties by code)', () => {
    expect(yearCounts(items)).toEqual([
      { value: 2019, count: 3 },
      { value: 2021, count: 2 },
    ]);
    expect(countryCounts(items)).toEqual([
      { value: 'AU', count: 2 },
      { value: 'US', count: 2 },
      { value: 'CN', count: 1 },
    ]);
    expect(continuousYears(yearCounts(items))).toEqual([
      { value: 2019, count: 3 },
      { value: 2020, count: 0 },
      { value: 2021, count: 2 },
    ]);
    expect(continuousYears([])).toEqual([]);
    expect(topCounts(yearCounts(items), 1)).toEqual([{ value: 2019, count: 3 }]);
    // A result counts once per owner, however often the owner is listed.
    expect(ownerCounts(items, owners)).toEqual([
      { value: 'Acme Corp', count: 3 },
      { value: 'Beta Ltd', count: 2 },
    ]);
  });
});

describe('refineResults by the chart strip', () => {
  it('keeps the chosen year and country, with the other refinements', () => {
    expect(ids(refineResults(items, { ...NO_REFINEMENT, year: 2019 }))).toEqual(['a', 'c', 'e']);
    expect(ids(refineResults(items, { ...NO_REFINEMENT, country: 'AU' }))).toEqual(['b', 'e']);
    expect(ids(refineResults(items, { ...NO_REFINEMENT, year: 2019, country: 'AU' }))).toEqual(['e']);
    expect(ids(refineResults(items, { ...NO_REFINEMENT, owner: 'Beta Ltd' }, owners))).toEqual(['b', 'c']);
    // Before the owners came, an owner keeps nothing rather than everything.
    expect(ids(refineResults(items, { ...NO_REFINEMENT, owner: 'Beta Ltd' }))).toEqual([]);
    expect(ids(refineResults(items, { ...NO_REFINEMENT, country: 'AU', sort: 'date-asc' }))).toEqual([
      'e',
      'b',
    ]);
  });
});

function Harness({ known = owners }: { known?: ReadonlyMap<string, readonly string[]> | null }) {
  const [refinement, setRefinement] = useState<Refinement>(NO_REFINEMENT);
  return (
    <>
      <ChartStrip items={items} owners={known} refinement={refinement} onChange={setRefinement} />
      <output data-testid="shown">{ids(refineResults(items, refinement, known)).join(',')}</output>
    </>
  );
}

describe('ChartStrip', () => {
  it('refines by a country or a year from buttons, shows the choice as a removable filter, and toggles', () => {
    render(<Harness />);
    expect(screen.getByRole('heading', { name: /Results at a glance/ })).toBeInTheDocument();
    const shown = () => screen.getByTestId('shown').textContent;

    fireEvent.click(screen.getByRole('button', { name: 'Australia: 2 results' }));
    expect(shown()).toBe('b,e');
    expect(screen.getByRole('button', { name: 'Australia: 2 results' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const filters = screen.getByRole('group', { name: 'Chart filters' });
    expect(filters).toHaveTextContent('Australia');

    fireEvent.click(
      within(screen.getByRole('group', { name: 'Busiest years' })).getByRole('button', { name: /2019/ }),
    );
    expect(shown()).toBe('e');

    fireEvent.click(screen.getByRole('button', { name: 'Remove the Australia filter' }));
    expect(shown()).toBe('a,c,e');
    // Choosing the chosen year again clears it.
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Busiest years' })).getByRole('button', { name: /2019/ }),
    );
    expect(shown()).toBe('a,b,c,d,e');
    expect(screen.queryByRole('group', { name: 'Chart filters' })).toBeNull();
  });

  it('refines by an owner, and says when the owners are still coming', () => {
    const { unmount } = render(<Harness known={null} />);
    expect(screen.getByText('Counting owners…')).toBeInTheDocument();
    unmount();
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Beta Ltd: 2 results' }));
    expect(screen.getByTestId('shown').textContent).toBe('b,c');
    fireEvent.click(screen.getByRole('button', { name: 'Remove the Beta Ltd filter' }));
    expect(screen.getByTestId('shown').textContent).toBe('a,b,c,d,e');
  });
});
