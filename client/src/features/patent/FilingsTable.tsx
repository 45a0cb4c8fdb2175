import { Link } from 'react-router';
import Table from 'react-bootstrap/Table';
import { graphql } from '../../__generated__';
import type { FilingsTable_MembersFragment } from '../../__generated__/graphql';
import { CountryFlag } from '../../ui/CountryFlag';
import { formatDate } from '../../ui/format';
import { countryName, kindDescription } from '../search';

export const FILINGS_TABLE_FRAGMENT = graphql(`
  fragment FilingsTable_members on FamilyMember {
    lens_id
    document_id {
      jurisdiction
      doc_number
      kind
      date
    }
  }
`);

/** The simple family: the same invention as published by other offices. */
export function FilingsTable({ members }: { members: readonly FilingsTable_MembersFragment[] }) {
  return (
    <section aria-labelledby="filings-title" className="mb-4">
      <h2 id="filings-title" className="h5">
        International Filings Overview
      </h2>
      {members.length === 0 ? (
        <p className="text-muted">No other filings are known for this patent.</p>
      ) : (
        <Table responsive striped size="sm" className="align-middle">
          <thead>
            <tr>
              <th scope="col">Jurisdiction</th>
              <th scope="col">Document number</th>
              <th scope="col">Kind</th>
              <th scope="col">Kind description</th>
              <th scope="col">Publication date</th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => {
              const id = member.document_id;
              const key = `${id.jurisdiction}-${id.doc_number}-${id.kind}-${id.date}`;
              return (
                <tr key={key}>
                  {/* The spec's flag and jurisdiction: the code as text beside its flag, the name in its alt. */}
                  <td className="text-nowrap">
                    <CountryFlag code={id.jurisdiction} name={countryName(id.jurisdiction)} />
                    {id.jurisdiction}
                  </td>
                  <td>
                    {member.lens_id ? (
                      <Link to={`/patents/${encodeURIComponent(member.lens_id)}`}>{id.doc_number}</Link>
                    ) : (
                      id.doc_number
                    )}
                  </td>
                  <td>{id.kind}</td>
                  <td>{kindDescription(id.kind)}</td>
                  <td>{formatDate(id.date) ?? 'Not available'}</td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
    </section>
  );
}
