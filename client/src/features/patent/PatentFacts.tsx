import type { ReactNode } from 'react';
import { graphql } from '../../__generated__';
import type { PatentFacts_DataFragment } from '../../__generated__/graphql';
import { clientSettings } from '../../session/config';
import { documentNumber, formatDate } from '../../ui/format';

export const PATENT_FACTS_FRAGMENT = graphql(`
  fragment PatentFacts_data on PatentData {
    lens_id
    date_published
    publication_type
    biblio {
      priority_claims {
        earliest_claim {
          date
        }
      }
      publication_reference {
        jurisdiction
        doc_number
        kind
        date
      }
    }
    legal_status {
      anticipated_term_date
    }
  }
`);

type PatentData = PatentFacts_DataFragment;

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt className="col-sm-5 fw-normal text-muted">{label}</dt>
      <dd className="col-sm-7">{value}</dd>
    </>
  );
}

function dateOrNotAvailable(value: string | null | undefined): string {
  return formatDate(value) ?? 'Not available';
}

export function PatentDates({ data }: { data: PatentData }) {
  return (
    <section aria-labelledby="dates-title">
      <h2 id="dates-title" className="h5">
        Dates
      </h2>
      <dl className="row mb-0">
        <Fact
          label="Earliest priority date"
          value={dateOrNotAvailable(data.biblio.priority_claims?.earliest_claim?.date)}
        />
        <Fact
          label="Date published"
          value={dateOrNotAvailable(data.date_published || data.biblio.publication_reference.date)}
        />
        <Fact
          label="Anticipated termination date"
          value={dateOrNotAvailable(data.legal_status.anticipated_term_date)}
        />
      </dl>
    </section>
  );
}

export function PatentDetails({ data }: { data: PatentData }) {
  const publicationType = data.publication_type?.replace(/_/g, ' ').toLowerCase();
  return (
    <section aria-labelledby="details-title">
      <h2 id="details-title" className="h5">
        Details
      </h2>
      <dl className="row mb-2">
        <Fact label="Document number" value={documentNumber(data.biblio.publication_reference)} />
        <Fact
          label="Document type"
          value={
            publicationType ? <span className="text-capitalize">{publicationType}</span> : 'Not available'
          }
        />
      </dl>
      <a
        href={`${clientSettings.lensPatentUrl}${encodeURIComponent(data.lens_id)}`}
        target="_blank"
        rel="noopener noreferrer"
      >
        View the original patent on The Lens
      </a>
    </section>
  );
}
