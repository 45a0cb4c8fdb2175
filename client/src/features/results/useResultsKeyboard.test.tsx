import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useResultsKeyboard } from './useResultsKeyboard';

const TITLES = ['Solar roof', 'Home battery', 'Wind kite'];

function Harness({ open, favourite, focusSearch }: Record<'open' | 'favourite' | 'focusSearch', () => void>) {
  const cards = useRef<(HTMLElement | null)[]>([]);
  const [help, setHelp] = useState(false);
  const keyboard = useResultsKeyboard({
    count: TITLES.length,
    titleOf: (index) => TITLES[index]!,
    cardOf: (index) => cards.current[index] ?? null,
    open,
    focusSearch,
    showShortcuts: () => setHelp(true),
    enabled: true,
  });
  return (
    <>
      <input aria-label="notes" />
      {TITLES.map((title, index) => (
        <article
          key={title}
          aria-label={title}
          tabIndex={index === Math.max(keyboard.active, 0) ? 0 : -1}
          ref={(element) => {
            cards.current[index] = element;
          }}
        >
          <button type="button" data-favourite-toggle onClick={favourite}>
            star
          </button>
        </article>
      ))}
      <div aria-live="polite">{keyboard.announcement}</div>
      {help ? <p>Shortcuts shown</p> : null}
    </>
  );
}

function setup() {
  const handlers = { open: vi.fn(), favourite: vi.fn(), focusSearch: vi.fn() };
  render(<Harness {...handlers} />);
  return { user: userEvent.setup(), ...handlers };
}

describe('useResultsKeyboard', () => {
  it('moves between cards with j and k, focusing and announcing each', async () => {
    const { user } = setup();
    await user.keyboard('j');
    expect(screen.getByRole('article', { name: 'Solar roof' })).toHaveFocus();
    await user.keyboard('jj');
    expect(screen.getByRole('article', { name: 'Wind kite' })).toHaveFocus();
    expect(screen.getByText('Result 3 of 3: Wind kite')).toBeInTheDocument();
    await user.keyboard('j');
    expect(screen.getByRole('article', { name: 'Wind kite' })).toHaveFocus();
    await user.keyboard('k');
    expect(screen.getByRole('article', { name: 'Home battery' })).toHaveFocus();
    expect(screen.getByText('Result 2 of 3: Home battery')).toBeInTheDocument();
  });

  it('opens with o or Enter, toggles the favourite with f, and lists the shortcuts with ?', async () => {
    const { user, open, favourite } = setup();
    await user.keyboard('jjo');
    expect(open).toHaveBeenLastCalledWith(1);
    await user.keyboard('{Enter}');
    expect(open).toHaveBeenCalledTimes(2);
    await user.keyboard('f');
    expect(favourite).toHaveBeenCalledTimes(1);
    await user.keyboard('?');
    expect(screen.getByText('Shortcuts shown')).toBeInTheDocument();
  });

  it('goes to the search with /, and leaves typing and modified keys alone', async () => {
    const { user, open, focusSearch } = setup();
    await user.click(screen.getByRole('textbox', { name: 'notes' }));
    await user.keyboard('j/o');
    expect(screen.getByRole('textbox', { name: 'notes' })).toHaveValue('j/o');
    expect(focusSearch).not.toHaveBeenCalled();
    await user.tab();
    await user.keyboard('{Control>}j{/Control}');
    expect(screen.queryByText(/^Result /)).not.toBeInTheDocument();
    await user.keyboard('/');
    expect(focusSearch).toHaveBeenCalledTimes(1);
    expect(open).not.toHaveBeenCalled();
  });
});
