import { Link } from 'react-router';
import { graphql } from '../../__generated__';
import type { Stakeholders_PartiesFragment } from '../../__generated__/graphql';
import { resultsPath } from '../search';

export const STAKEHOLDERS_FRAGMENT = graphql(`
  fragment Stakeholders_parties on Parties {
    inventors {
      extracted_name {
        value
      }
    }
    applicants {
      extracted_name {
        value
      }
    }
    owners_all {
      extracted_name {
        value
      }
    }
  }
`);

type Party = Stakeholders_PartiesFragment['inventors'][number];

/** An advanced search for everything else a person or organisation is named on. */
function nameSearchPath(field: string, name: string): string {
  const quoted = name.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
  return resultsPath('boolean', { query: `${field}:("${quoted}")` });
}

function NameList({ title, field, parties }: { title: string; field: string; parties: readonly Party[] }) {
  const names = [...new Set(parties.map((party) => party.extracted_name.value.trim()).filter(Boolean))];
  return (
    <div className="mb-3">
      <h3 className="h6 mb-1">{title}</h3>
      {names.length === 0 ? (
        <p className="text-muted small mb-0">None listed.</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {names.map((name) => (
            <li key={name}>
              <Link to={nameSearchPath(field, name)} title={`Search for patents naming ${name}`}>
                {name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function Stakeholders({ parties }: { parties: Stakeholders_PartiesFragment }) {
  return (
    <section aria-labelledby="stakeholders-title">
      <h2 id="stakeholders-title" className="h5">
        Stakeholders
      </h2>
      <p className="small text-muted mb-2">
        A name runs a search of its patents, which counts toward your monthly searches (the same search again
        within a day is free).
      </p>
      <NameList title="Inventors" field="inventor.name" parties={parties.inventors} />
      <NameList title="Applicants" field="applicant.name" parties={parties.applicants} />
      <NameList title="Owners" field="owner_all.name" parties={parties.owners_all} />
    </section>
  );
}
