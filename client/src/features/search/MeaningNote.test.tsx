import { screen } from '@testing-library/react';
import { renderAt } from '../../testing/render';
import { describe, expect, it } from 'vitest';
import { MeaningState } from '../../__generated__/graphql';
import { SearchExplanation } from '../results/SearchExplanation';
import { similarEmptyText, type MeaningStatus } from './MeaningNote';

const building: MeaningStatus = { state: MeaningState.Building, patents: 2000, embedded: 0 };
const extending: MeaningStatus = { state: MeaningState.Building, patents: 2000, embedded: 1200 };
const missing: MeaningStatus = { state: MeaningState.Missing, patents: 2000, embedded: 0 };
const ready: MeaningStatus = { state: MeaningState.Ready, patents: 2000, embedded: 2000 };

function renderExplanation(meaning: MeaningStatus | undefined) {
  renderAt(
    '/search/results',
    <SearchExplanation
      input={{ query: 'a home battery', years: [1824, 2050] }}
      explanation={{
        kept: [{ word: 'battery', weight: 4.2, share: 0.015 }],
        dropped: [],
        lensQuery: 'battery',
        throughClassification: [],
        classes: [],
      }}
      meaning={meaning}
    />,
  );
}

describe("the pages while the corpus's meaning is missing or building", () => {
  it('the search explanation says, calmly, that results are found by their words alone', () => {
    renderExplanation(building);
    expect(screen.getByRole('note')).toHaveTextContent(
      'Search by meaning is still being prepared (0 of 2,000 patents so far). Until it is ready, results are found by their words alone.',
    );
  });

  it('says only the patents without their meaning wait, when some have it', () => {
    renderExplanation(extending);
    expect(screen.getByRole('note')).toHaveTextContent(
      'Search by meaning is still being prepared (1,200 of 2,000 patents so far). Until then, patents without it are found by their words alone.',
    );
  });

  it('says it is not available when no build runs', () => {
    renderExplanation(missing);
    expect(screen.getByRole('note')).toHaveTextContent(
      'Search by meaning is not available yet. Results are found by their words alone.',
    );
  });

  it('says nothing once every patent has its meaning, or before the status is known', () => {
    renderExplanation(ready);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('tells why Similar patents is empty while meaning is missing or building', () => {
    expect(similarEmptyText(extending)).toBe(
      'Similar patents appear once the meaning of the patents is prepared (1,200 of 2,000 patents so far).',
    );
    expect(similarEmptyText(missing)).toBe(
      'Similar patents appear once the meaning of the patents is prepared.',
    );
    expect(similarEmptyText(ready)).toBe('No similar patents are known yet.');
    expect(similarEmptyText(undefined)).toBe('No similar patents are known yet.');
  });
});
