import { parseDateBound as sharedDateBound, parseYear as sharedYear } from '@patentscout/schema';
import { withQuerySyntax } from './errors.js';

/** The shared date reading, answering a bad date with the server's QUERY_SYNTAX error. */
export const parseDateBound = (text: string, side: 'from' | 'to', position: number): string =>
  withQuerySyntax(() => sharedDateBound(text, side, position));

export const parseYear = (text: string, position: number): number =>
  withQuerySyntax(() => sharedYear(text, position));
