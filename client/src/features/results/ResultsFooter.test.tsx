import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResultsFooter } from './ResultsFooter';

const AI_CAUTION_LINE = '🤖 Descriptions are based on AI. Please use with caution.';
const set = { result_set_id: 'set-1', total: 1234, results: 500, group_by_count: 987, data: [] };

describe('ResultsFooter', () => {
  it("states the spec's counts with the grouped total", () => {
    render(<ResultsFooter shown={20} results={{ ...set, estimated: false }} />);
    expect(
      screen.getByText(
        'Showing (20 of 500) results. In total, 987 grouped results by simple families were found.',
      ),
    ).toBeInTheDocument();
    // The robot is text (the app's emoji font draws it), so the line reads as the spec writes it.
    expect(
      screen.getByText((_, element) => element?.textContent === AI_CAUTION_LINE && element.tagName === 'P'),
    ).toBeInTheDocument();
  });

  it('says "about" when the totals are estimates, and falls back to the total without a family count', () => {
    render(
      <ResultsFooter shown={30} results={{ ...set, group_by_count: null, total: 12500, estimated: true }} />,
    );
    expect(
      screen.getByText(
        'Showing (30 of 500) results. In total, about 12,500 grouped results by simple families were found.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says "result" and "was" for a single grouped result', () => {
    render(
      <ResultsFooter
        shown={1}
        results={{ ...set, total: 1, results: 1, group_by_count: 1, estimated: false }}
      />,
    );
    expect(
      screen.getByText('Showing (1 of 1) results. In total, 1 grouped result by simple families was found.'),
    ).toBeInTheDocument();
  });

  it('says that every match is being counted while the exact counts are on their way', () => {
    render(<ResultsFooter shown={20} results={{ ...set, estimated: true }} counting />);
    expect(screen.getByRole('status')).toHaveTextContent('Counting every match...');
  });
});
