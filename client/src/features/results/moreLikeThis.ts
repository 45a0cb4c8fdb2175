import { resultsAddress } from '@patentscout/schema';

/** Long enough to carry a patent's gist, short enough to read in the search box and an address. */
export const MORE_LIKE_THIS_CHARACTERS = 600;

/**
 * "More like this" (ADR 0150): a new AI search whose text is the patent's own plain-language
 * title and summary, cut at a word boundary. It is a search like any other (it counts toward the
 * month's allowance), with no filters, so it reaches beyond the current answer.
 */
export function moreLikeThisAddress(patent: { title: string; summary: string | null | undefined }): string {
  const text = [patent.title.trim(), patent.summary?.trim()].filter(Boolean).join('. ').replace(/\s+/g, ' ');
  const query =
    text.length <= MORE_LIKE_THIS_CHARACTERS
      ? text
      : text.slice(0, text.lastIndexOf(' ', MORE_LIKE_THIS_CHARACTERS) || MORE_LIKE_THIS_CHARACTERS);
  return resultsAddress('ai', { query });
}
