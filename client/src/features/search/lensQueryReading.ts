import { describeLensQuery, QuerySyntaxError, readLensQuery } from '@patentscout/schema';

/** What the Advanced search box says under itself about the query typed so far. */
export type LensQueryReading =
  | { kind: 'empty' }
  | { kind: 'reading'; text: string }
  | { kind: 'error'; message: string; position: number };

/**
 * Reads a Lens query as the server would (the shared parser and checks of `@patentscout/schema`),
 * in the browser: its plain-English reading, or the error the server would answer and where.
 */
export function readLensQueryAloud(query: string): LensQueryReading {
  if (query.trim() === '') return { kind: 'empty' };
  try {
    return { kind: 'reading', text: describeLensQuery(readLensQuery(query)) };
  } catch (error) {
    if (!(error instanceof QuerySyntaxError)) throw error;
    // Positions count in the trimmed query, as the server reads it; the box shows the untrimmed text.
    const offset = query.length - query.trimStart().length;
    return { kind: 'error', message: error.message, position: error.position + offset };
  }
}

/** The refusal the server would answer for this query, or null when it would search it. */
export function lensQueryRefusal(query: string): string | null {
  const reading = readLensQueryAloud(query);
  return reading.kind === 'error' ? reading.message : null;
}
