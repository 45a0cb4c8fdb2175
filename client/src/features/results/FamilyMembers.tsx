import { useId, useState } from 'react';
import { Link } from 'react-router';
import { graphql } from '../../__generated__';
import type { FamilyMembers_MemberFragment } from '../../__generated__/graphql';
import { CountryFlag } from '../../ui/CountryFlag';
import { documentNumber, formatDate } from '../../ui/format';
import { countryName } from '../search';

export const FAMILY_MEMBERS_FRAGMENT = graphql(`
  fragment FamilyMembers_member on ResultFamilyMember {
    lens_id
    jurisdiction
    doc_number
    kind
    date
  }
`);

/**
 * The other publications of a result's simple family, as "+N family members" with their offices'
 * flags; the button opens the list (office, number, kind, date), each linking to its own page.
 */
export function FamilyMembers({
  members,
  linkQuery = '',
}: {
  members: readonly FamilyMembers_MemberFragment[];
  /** `?q=…&type=…`, so that a member's page shows why it matched too. */
  linkQuery?: string;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (members.length === 0) return null;
  const offices = [...new Set(members.map((member) => member.jurisdiction))];
  return (
    <div className="mt-2 small result-family">
      <button
        type="button"
        className="btn btn-link btn-sm p-0 text-decoration-none"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((shown) => !shown)}
      >
        {`+${members.length} family member${members.length === 1 ? '' : 's'}`}{' '}
        {offices.map((office) => (
          <CountryFlag key={office} code={office} name={countryName(office)} />
        ))}
      </button>
      <ul id={listId} className="list-unstyled mb-0 mt-1 ms-2" aria-label="Family members" hidden={!open}>
        {members.map((member) => (
          <li key={member.lens_id}>
            <CountryFlag code={member.jurisdiction} name={countryName(member.jurisdiction)} />
            <span className="text-muted">{countryName(member.jurisdiction)}</span>{' '}
            <Link to={`/patents/${encodeURIComponent(member.lens_id)}${linkQuery}`}>
              {documentNumber(member)}
            </Link>{' '}
            <span className="text-muted">· {formatDate(member.date) ?? member.date}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
