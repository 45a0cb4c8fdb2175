import { graphql } from '../../__generated__';

export const PATENT = graphql(`
  query Patent($lensId: ID!) {
    patent(lensId: $lensId) {
      generative_data {
        title
        summary
        types
        uses
      }
      data {
        doc_key
        lens_id
        date_published
        publication_type
        biblio {
          invention_title {
            text
            lang
          }
          parties {
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
          patent_status
          anticipated_term_date
        }
        families {
          simple_family {
            members {
              lens_id
              document_id {
                jurisdiction
                doc_number
                kind
                date
              }
            }
          }
        }
      }
    }
  }
`);
