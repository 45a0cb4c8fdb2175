import { graphql } from '../../__generated__';

/** The patent page: its own fields, and each part's fragment beside the part (AiInsights, ...). */
export const PATENT = graphql(`
  query Patent($lensId: ID!) {
    patent(lensId: $lensId) {
      generative_data {
        ...AiInsights_generative
      }
      data {
        doc_key
        lens_id
        ...PatentFacts_data
        biblio {
          invention_title {
            text
            lang
          }
          parties {
            ...Stakeholders_parties
          }
          publication_reference {
            jurisdiction
          }
        }
        legal_status {
          patent_status
        }
        families {
          simple_family {
            members {
              ...FilingsTable_members
            }
          }
        }
      }
    }
  }
`);
