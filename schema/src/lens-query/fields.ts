/**
 * The fields of the advanced search, as Lens users write them. `default` is what a bare term
 * searches: title, abstract and claims.
 */
export const FIELD_KINDS = {
  default: 'text',
  title: 'text',
  abstract: 'text',
  claim: 'text',
  claims: 'text',
  full_text: 'text',
  'inventor.name': 'name',
  'applicant.name': 'name',
  'owner_all.name': 'name',
  'inventor.name.exact': 'exactName',
  'applicant.name.exact': 'exactName',
  'owner_all.name.exact': 'exactName',
  'class_ipcr.symbol': 'classification',
  'class_cpc.symbol': 'classification',
  jurisdiction: 'keyword',
  kind: 'keyword',
  publication_type: 'keyword',
  lens_id: 'keyword',
  doc_number: 'keyword',
  'legal_status.patent_status': 'keyword',
  ids: 'ids',
  date_published: 'date',
  earliest_priority_claim_date: 'date',
  year_published: 'year',
} as const;

export type FieldName = keyof typeof FIELD_KINDS;
export type FieldKind = (typeof FIELD_KINDS)[FieldName];

/** The names users may write before a colon (every field but the implicit default). */
export const KNOWN_FIELDS = (Object.keys(FIELD_KINDS) as FieldName[]).filter((name) => name !== 'default');

export function isFieldName(name: string): name is FieldName {
  return name !== 'default' && Object.hasOwn(FIELD_KINDS, name);
}

/** Which weights of the text vector a text field covers: A title, B abstract, C claims. */
export const TEXT_FIELD_WEIGHTS: Record<
  Extract<FieldName, 'default' | 'title' | 'abstract' | 'claim' | 'claims' | 'full_text'>,
  string
> = {
  default: 'abc',
  full_text: 'abc',
  title: 'a',
  abstract: 'b',
  claim: 'c',
  claims: 'c',
};

/** Which weight of the names vector a name field covers: A inventors, B applicants, C owners. */
export const NAME_FIELD_WEIGHTS = {
  'inventor.name': 'a',
  'applicant.name': 'b',
  'owner_all.name': 'c',
} as const;
