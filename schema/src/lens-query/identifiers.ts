/**
 * Publication identifiers as users write them: Lens ids ("020-117-735-505-62X"), doc keys
 * ("US_7654321_B2_20100202") and publication numbers ("US 7,654,321 B2", "EP0227762B1", "7654321").
 */
export type Identifier =
  | { kind: 'lens_id'; lensId: string }
  | { kind: 'publication'; jurisdiction: string | null; docNumber: string; kindCode: string | null };

const LENS_ID = /^\d{3}-\d{3}-\d{3}-\d{3}-\d{2}[\dX]$/i;
const DOC_KEY = /^([A-Z]{2})_([A-Z0-9]+)_([A-Z]\d?)?_\d{8}$/i;
const PUBLICATION = /^([A-Z]{2})?0*([0-9][0-9A-Z]*?)([A-Z]\d?)?$/i;

export function parseIdentifier(raw: string): Identifier | null {
  const text = raw.trim();
  if (LENS_ID.test(text)) return { kind: 'lens_id', lensId: text.toUpperCase() };
  const docKey = DOC_KEY.exec(text);
  if (docKey) {
    return {
      kind: 'publication',
      jurisdiction: docKey[1]!.toUpperCase(),
      docNumber: docKey[2]!.replace(/^0+/, ''),
      kindCode: docKey[3]?.toUpperCase() ?? null,
    };
  }
  const compact = text.replace(/[\s,./-]/g, '').toUpperCase();
  const publication = PUBLICATION.exec(compact);
  if (!publication || !publication[2]) return null;
  return {
    kind: 'publication',
    jurisdiction: publication[1] ?? null,
    docNumber: publication[2],
    kindCode: publication[3] ?? null,
  };
}
