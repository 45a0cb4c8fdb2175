import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FamilyMembers } from './FamilyMembers';

const MEMBERS = [
  { lens_id: '111-222', jurisdiction: 'US', doc_number: '10123456', kind: 'B2', date: '2019-02-05' },
  { lens_id: '333-444', jurisdiction: 'CA', doc_number: '3012345', kind: 'A1', date: '2018-08-08' },
  { lens_id: '555-666', jurisdiction: 'US', doc_number: '20190012345', kind: 'A1', date: '2018-01-04' },
];

const renderMembers = (members = MEMBERS) =>
  render(
    <MemoryRouter>
      <FamilyMembers members={members} linkQuery="?q=electrolyte&type=boolean" />
    </MemoryRouter>,
  );

describe('FamilyMembers', () => {
  it('shows nothing for a family of one', () => {
    const { container } = renderMembers([]);
    expect(container).toBeEmptyDOMElement();
  });

  it('says how many other members there are, with one flag per office, the list closed', () => {
    renderMembers();
    const toggle = screen.getByRole('button', { name: /^\+3 family members/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle.querySelectorAll('img.country-flag')).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'United States (US)' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Family members' })).not.toBeInTheDocument();
  });

  it('counts one member in the singular', () => {
    renderMembers(MEMBERS.slice(0, 1));
    expect(screen.getByRole('button', { name: /^\+1 family member / })).toBeInTheDocument();
  });

  it('opens and closes from the keyboard, each member linking to its own page', async () => {
    const user = userEvent.setup();
    renderMembers();
    await user.tab();
    const toggle = screen.getByRole('button', { name: /family members/ });
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('list', { name: 'Family members' });
    expect(toggle).toHaveAttribute('aria-controls', list.id);
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'United States US 10123456 B2 · 5 Feb 2019',
      'Canada CA 3012345 A1 · 8 Aug 2018',
      'United States US 20190012345 A1 · 4 Jan 2018',
    ]);
    expect(screen.getByRole('link', { name: 'CA 3012345 A1' })).toHaveAttribute(
      'href',
      '/patents/333-444?q=electrolyte&type=boolean',
    );
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Family members' })).not.toBeInTheDocument();
  });
});
