import { useParams, useSearchParams } from 'react-router';
import { useQuery } from '@apollo/client/react';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { PatentQuery } from '../../__generated__/graphql';
import { serverMessage } from '../../session/apiErrors';
import { CenteredSpinner } from '../../ui/CenteredSpinner';
import { CountryFlag } from '../../ui/CountryFlag';
import { StatusBadge } from '../../ui/StatusBadge';
import { AddToCollection, PatentNotes } from '../collections';
import { FavouriteStar } from '../favourites';
import { highlightSearchOf, WhyItMatched, type HighlightSearch } from '../highlights';
import { countryName } from '../search';
import { AiInsights } from './AiInsights';
import { ContactOwnerButton } from './ContactOwnerButton';
import { FilingsTable } from './FilingsTable';
import { SimilarPatents } from './SimilarPatents';
import { PatentDates, PatentDetails } from './PatentFacts';
import { PatentDocument } from '../../__generated__/graphql';
import { Stakeholders } from './Stakeholders';

type Patent = NonNullable<PatentQuery['patent']>;

function originalTitle(patent: Patent): string {
  const titles = patent.data.biblio.invention_title;
  return (titles.find((title) => title.lang?.toLowerCase() === 'en') ?? titles[0])?.text ?? '';
}

function PatentView({ patent, search }: { patent: Patent; search: HighlightSearch | null }) {
  const { data, generative_data: generative } = patent;
  const reference = data.biblio.publication_reference;
  const original = originalTitle(patent);
  const aiTitle = generative?.title.trim() ?? '';
  return (
    <article>
      <header className="mb-4">
        <div className="d-flex align-items-start gap-2">
          <span className="fs-3 lh-1">
            <CountryFlag code={reference.jurisdiction} name={countryName(reference.jurisdiction)} />
          </span>
          <h1 className="h3 flex-grow-1 mb-1">{aiTitle || original || data.doc_key}</h1>
          <FavouriteStar
            target={{ lens_id: data.lens_id, doc_key: data.doc_key, patent_title: aiTitle || original }}
          />
          <AddToCollection lensId={data.lens_id} />
        </div>
        {original ? (
          <p className="text-muted mb-2">
            <span className="small text-uppercase me-1">Original title:</span>
            {original}
          </p>
        ) : null}
        <div className="d-flex flex-wrap align-items-center gap-3">
          <StatusBadge status={data.legal_status.patent_status} />
          <ContactOwnerButton lensId={data.lens_id} docKey={data.doc_key} />
        </div>
      </header>
      <PatentNotes lensId={data.lens_id} />
      {search ? <WhyItMatched lensId={data.lens_id} search={search} /> : null}
      <AiInsights generative={generative} />
      <Row className="g-4 mb-4">
        <Col md={4}>
          <Stakeholders parties={data.biblio.parties} />
        </Col>
        <Col md={4}>
          <PatentDates data={data} />
        </Col>
        <Col md={4}>
          <PatentDetails data={data} />
        </Col>
      </Row>
      <FilingsTable members={data.families.simple_family.members} />
      <SimilarPatents lensId={data.lens_id} />
    </article>
  );
}

function PatentLoader({ lensId }: { lensId: string }) {
  const [searchParams] = useSearchParams();
  const search = highlightSearchOf(searchParams);
  const { data, loading, error } = useQuery(PatentDocument, { variables: { lensId } });
  if (loading && !data) return <CenteredSpinner label="Loading the patent..." />;
  if (error) {
    console.error('Something went wrong getting the patent.', error);
    return (
      <Alert variant="danger">{serverMessage(error) ?? 'Something went wrong getting the patent.'}</Alert>
    );
  }
  if (!data?.patent) return <Alert variant="warning">We couldn't find a patent with the ID {lensId}.</Alert>;
  return <PatentView patent={data.patent} search={search} />;
}

export function PatentPage() {
  const { id } = useParams();
  const lensId = id?.trim() ?? '';
  if (!lensId) return <Alert variant="info">Please include a patent ID in order to view a patent.</Alert>;
  return <PatentLoader key={lensId} lensId={lensId} />;
}
