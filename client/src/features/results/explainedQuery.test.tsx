import { screen } from '@testing-library/react';
import { renderAt } from '../../testing/render';
import { describe, expect, it } from 'vitest';
import { advancedQueryFor, advancedSearchPath } from './explainedQuery';
import { SearchExplanation } from './SearchExplanation';

describe('advancedQueryFor', () => {
  it('is the Lens query alone without filters', () => {
    expect(advancedQueryFor('solar OR battery', { query: 'x', years: [1824, 2050] })).toBe(
      'solar OR battery',
    );
  });

  it('adds the filters the Lens syntax says exactly', () => {
    expect(
      advancedQueryFor('solar OR battery', {
        query: 'x',
        years: [2015, 2020],
        jurisdiction: ['AU', 'NZ'],
        legal_status: ['active', 'withdrawn or rejected'],
        kind: ['B'],
        ipc_filters: ['H01M'],
      }),
    ).toBe(
      '(solar OR battery) AND legal_status.patent_status:(ACTIVE OR WITHDRAWN_OR_REJECTED) AND jurisdiction:(AU OR NZ) AND kind:B* AND year_published:[2015 TO 2020]',
    );
  });
});

describe('SearchExplanation', () => {
  it('shows the words kept and dropped and links to the Advanced tab prefilled', () => {
    renderAt(
      '/search/results',
      <SearchExplanation
        input={{ query: 'a home battery', years: [1824, 2050] }}
        explanation={{
          kept: [
            { word: 'battery', weight: 4.2, share: 0.015 },
            { word: 'home', weight: 2.1, share: 0.12 },
          ],
          dropped: ['a'],
          lensQuery: 'battery OR home',
          throughClassification: [],
          classes: [],
        }}
      />,
    );
    expect(screen.getByRole('list', { name: 'Words searched' })).toHaveTextContent(
      'battery, weight 4.2home, weight 2.1',
    );
    expect(screen.getByText('a')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit as advanced search' })).toHaveAttribute(
      'href',
      advancedSearchPath('battery OR home'),
    );
    expect(screen.queryByTestId('spoken-classes')).not.toBeInTheDocument();
  });

  it('names the classes the search speaks for, with their words', () => {
    renderAt(
      '/search/results',
      <SearchExplanation
        input={{ query: 'healthy bees in winter', years: [1824, 2050] }}
        explanation={{
          kept: [{ word: 'bees', weight: 5.1, share: 0.006 }],
          dropped: ['in'],
          lensQuery: 'bees',
          throughClassification: [],
          classes: [
            { symbol: 'A01K47', words: ['beehives', 'bees', 'hive'] },
            { symbol: 'A01K51', words: [] },
          ],
        }}
      />,
    );
    expect(screen.getByTestId('spoken-classes')).toHaveTextContent(
      'Ranked first among equals, patents classified under: A01K47 (beehives, bees, hive); A01K51',
    );
  });
});
