import robotIcon from 'bootstrap-icons/icons/robot.svg?url';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { graphql } from '../../__generated__';
import type { AiInsights_GenerativeFragment } from '../../__generated__/graphql';
import { AiCaution } from '../../ui/AiCaution';

export const AI_INSIGHTS_FRAGMENT = graphql(`
  fragment AiInsights_generative on GenerativeData {
    title
    summary
    types
    uses
  }
`);

/** The AI-written part of the page: type tags, summary, sample uses and a caution note. */
export function AiInsights({ generative }: { generative: AiInsights_GenerativeFragment | null | undefined }) {
  const title = generative?.title.trim();
  return (
    <Card as="section" aria-labelledby="ai-title" className="shadow-sm mb-4">
      <Card.Body>
        <h2 id="ai-title" className="h5">
          <img src={robotIcon} alt="" width={18} height={18} className="me-1 align-text-bottom" />
          AI insights
        </h2>
        {!generative || !title ? (
          <p className="mb-0">
            There's no detailed information available for this patent that we could find.
          </p>
        ) : (
          <>
            {generative.types.length > 0 ? (
              <div className="d-flex flex-wrap gap-1 mb-3" aria-label="Patent types">
                {generative.types.map((type) => (
                  <Badge key={type} bg="info" text="dark">
                    {type}
                  </Badge>
                ))}
              </div>
            ) : null}
            <h3 className="h6">Summary</h3>
            <p className="result-summary">{generative.summary.trim() || 'No summary available.'}</p>
            {generative.uses.length > 0 ? (
              <>
                <h3 className="h6">Sample uses</h3>
                <ul>
                  {generative.uses.map((use) => (
                    <li key={use}>{use}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </>
        )}
        {/* The spec's caution note belongs to the block, whatever it holds. */}
        <Alert variant="warning" className="small mb-0 mt-3">
          <AiCaution /> They can be wrong or incomplete: check the original document before relying on them.
        </Alert>
      </Card.Body>
    </Card>
  );
}
