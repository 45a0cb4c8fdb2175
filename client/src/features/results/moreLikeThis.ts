import { resultsAddress } from '@patentscout/schema';
import type { SearchResultSet } from '../search';

/** Long enough to carry a patent's gist, short enough to read in the search box and an address. */
export const MORE_LIKE_THIS_CHARACTERS = 600;

const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * "More like this" (ADR 0150): a new AI search whose text is the patent's own plain-language
 * title and summary (the title once: not again when the summary already says it), cut at a word
 * boundary. It is a search like any other (it counts toward the month's allowance), with no
 * filters, so it reaches beyond the current answer; the address names the patent, whose family
 * the results leave out (`leaveOutFamily`).
 */
export function moreLikeThisAddress(patent: {
  lensId: string;
  title: string;
  summary: string | null | undefined;
}): string {
  const title = plain(patent.title);
  const summary = plain(patent.summary ?? '');
  const saysTitle = summary.toLowerCase().includes(title.toLowerCase());
  const text = saysTitle ? summary : [title, summary].filter(Boolean).join('. ');
  const query =
    text.length <= MORE_LIKE_THIS_CHARACTERS
      ? text
      : text.slice(0, text.lastIndexOf(' ', MORE_LIKE_THIS_CHARACTERS) || MORE_LIKE_THIS_CHARACTERS);
  return resultsAddress('ai', { query }, { like: patent.lensId });
}

/** The results without patent `like` and its family (the patent "More like this" started from). */
export function leaveOutFamily(results: SearchResultSet, like: string | undefined): SearchResultSet {
  if (!like) return results;
  const data = results.data.filter(
    (item) => item.lens_id !== like && !item.family_members.some((member) => member.lens_id === like),
  );
  return data.length === results.data.length ? results : { ...results, data };
}
