import { createElement } from 'react';
import { z } from 'zod';
import {
  countryName,
  parseResultsAddress,
  PRODUCT_NAME,
  resultsPathOf,
  resultsQueryString,
} from '@patentscout/schema';
import type { Db } from '@patentscout/db';
import type { Clock } from '../../shared/clock.js';
import { AppError, ValidationError } from '../../shared/errors.js';
import type { Logger } from '../../shared/logger.js';
import { parseInput } from '../../shared/validation.js';
import { assertVerified, type Viewer } from '../../shared/viewer.js';
import type { MailService } from '../mail/index.js';
import { isCurrentSearchKey, searchKeyOf, type SearchService } from '../search/index.js';
import { WeeklyDigest, type DigestSection } from './templates/WeeklyDigest.js';
import { signUnsubscribeToken, verifyUnsubscribeToken, type UnsubscribeScope } from './unsubscribe-token.js';
import type { DueSearchRow, SavedSearchRow, UpdatesRepo } from './updates.repo.js';
import { digestWeek } from './week.js';

/** How many of a saved search's best matches a digest looks through for new patents. */
const DIGEST_CANDIDATES = 2000;
/** New patents listed per search; the rest are counted and linked. */
const LISTED_PER_SEARCH = 10;
const QueryString = z.string().trim().min(1, 'Please give the search to follow.').max(4000);
const SavedSearchId = z.coerce.number().int().positive();

export class SavedSearchNotFoundError extends AppError {
  constructor() {
    super('SAVED_SEARCH_NOT_FOUND', 'That saved search was not found.');
  }
}

export interface SavedSearch {
  id: string;
  kind: 'ai' | 'boolean';
  query: string;
  /** The results page's address for the search, relative (`/search/results?...`). */
  resultsPath: string;
  createdAt: string;
  /** When a digest last listed patents for it. */
  lastSentAt: string | null;
}

const toSavedSearch = (row: SavedSearchRow): SavedSearch => ({
  id: String(row.id),
  kind: row.kind,
  query: row.query,
  resultsPath: resultsPathOf(row.address),
  createdAt: new Date(row.created_at).toISOString(),
  lastSentAt: row.last_sent_at ? new Date(row.last_sent_at).toISOString() : null,
});

export interface UpdatesService {
  /** Follows a results page's search; following the same search again changes nothing. */
  subscribe(viewer: Viewer | null, queryString: unknown): Promise<SavedSearch>;
  list(viewer: Viewer | null): Promise<SavedSearch[]>;
  unsubscribe(viewer: Viewer | null, id: unknown): Promise<{ id: string }>;
  /** The one-click link of a digest: no sign-in, the signed token says what to stop. */
  unsubscribeWithToken(token: unknown): Promise<{ removed: number }>;
  /**
   * Mails each user one digest of the patents that entered the index during the week before the
   * latest Sunday boundary, for every search they follow; nothing when nothing is new. A week is
   * digested once per saved search (recorded with the queued mail, in one transaction).
   */
  sendWeeklyDigests(signal?: AbortSignal): Promise<{ users: number; mails: number }>;
}

export function createUpdatesService(deps: {
  repo: UpdatesRepo;
  db: Db;
  search: Pick<SearchService, 'checkRequest' | 'rankedMatches'>;
  mail: Pick<MailService, 'queue' | 'flushSoon' | 'link'>;
  clock: Clock;
  logger: Logger;
  /** `APP_SECRET`; without it a secret made once and kept in the database. */
  configuredSecret: string | undefined;
}): UpdatesService {
  const { repo, mail, logger } = deps;
  let secret: Promise<string> | undefined;
  const signingSecret = () =>
    (secret ??= deps.configuredSecret ? Promise.resolve(deps.configuredSecret) : repo.secret('unsubscribe'));

  const unsubscribeLink = async (scope: UnsubscribeScope, uid: string) =>
    mail.link(`/unsubscribe?token=${signUnsubscribeToken(await signingSecret(), scope, uid)}`);

  /**
   * Follows saved with a key of the first version (the lower-cased text, ADR 0111) get today's
   * key, so that following the same search again finds them; one that no longer reads is left.
   */
  async function rekeyLegacyFollows(uid: string): Promise<void> {
    for (const row of await repo.listFor(uid)) {
      if (isCurrentSearchKey(row.search_key)) continue;
      let checked;
      try {
        checked = deps.search.checkRequest(row.kind, { ...(row.filters as object), query: row.query });
      } catch {
        continue;
      }
      await repo.rekey(row.id, searchKeyOf(checked));
    }
  }

  async function digestSection(row: DueSearchRow, week: ReturnType<typeof digestWeek>) {
    const request = { kind: row.kind, query: row.query, filters: row.filters as never };
    const hits = await deps.search.rankedMatches(request, DIGEST_CANDIDATES);
    // A hit is a simple family: a publication of it that matched and is new this week may be
    // one its best-ranked match stands for. Each family is listed once, by its first new match.
    const familyOf = new Map<string, number>();
    hits.forEach((hit, family) => {
      familyOf.set(hit.lens_id, family);
      for (const member of hit.family_members) if (member.matched) familyOf.set(member.lens_id, family);
    });
    const listedFamilies = new Set<number>();
    const fresh = (await repo.indexedBetween([...familyOf.keys()], week.start, week.end)).filter((patent) => {
      const family = familyOf.get(patent.lens_id);
      if (family === undefined || listedFamilies.has(family)) return false;
      listedFamilies.add(family);
      return true;
    });
    if (fresh.length === 0) return null;
    // Families new this week first; within each group the search's own ranking.
    const ordered = [
      ...fresh.filter((patent) => patent.new_family),
      ...fresh.filter((patent) => !patent.new_family),
    ];
    const section: DigestSection = {
      query: row.query,
      kindLabel: row.kind === 'ai' ? 'AI search' : 'Advanced search',
      resultsLink: mail.link(resultsPathOf(row.address)),
      patents: ordered.slice(0, LISTED_PER_SEARCH).map((patent) => ({
        title: patent.ai_title?.trim() || patent.title,
        country: countryName(patent.jurisdiction) ?? patent.jurisdiction,
        date: patent.date_published,
        status: patent.patent_status.toLowerCase().replace(/_/g, ' '),
        link: mail.link(`/patents/${encodeURIComponent(patent.lens_id)}`),
        newFamily: patent.new_family,
      })),
      more: Math.max(0, ordered.length - LISTED_PER_SEARCH),
      unsubscribeLink: await unsubscribeLink({ savedSearchId: row.id }, row.user_uid),
    };
    return section;
  }

  return {
    async subscribe(viewer: Viewer | null, queryString: unknown): Promise<SavedSearch> {
      assertVerified(viewer);
      // Read as the results page reads its address (the shared search vocabulary), so that the
      // search followed is the one the page showed.
      const { type: kind, input } = parseResultsAddress(parseInput(QueryString, queryString));
      if (input.query === '') throw new ValidationError('The search to follow has no query.');
      const checked = deps.search.checkRequest(kind, input);
      const address = resultsQueryString(kind, input);
      const searchKey = searchKeyOf(checked);
      await rekeyLegacyFollows(viewer.uid);
      const row = await repo.save({
        uid: viewer.uid,
        kind,
        query: checked.query,
        filters: checked.filters,
        address,
        searchKey,
      });
      return toSavedSearch(row);
    },

    async list(viewer: Viewer | null): Promise<SavedSearch[]> {
      assertVerified(viewer);
      return (await repo.listFor(viewer.uid)).map(toSavedSearch);
    },

    async unsubscribe(viewer: Viewer | null, id: unknown): Promise<{ id: string }> {
      assertVerified(viewer);
      const savedSearchId = parseInput(SavedSearchId, id);
      if (!(await repo.remove(viewer.uid, savedSearchId))) throw new SavedSearchNotFoundError();
      return { id: String(savedSearchId) };
    },

    async unsubscribeWithToken(token: unknown): Promise<{ removed: number }> {
      const verified = verifyUnsubscribeToken(
        await signingSecret(),
        parseInput(z.string().max(1000), token ?? ''),
      );
      if (!verified)
        throw new ValidationError(
          'This unsubscribe link is not valid. Manage your updates on your account page.',
        );
      const { scope, uid } = verified;
      if (scope !== 'all') return { removed: (await repo.remove(uid, scope.savedSearchId)) ? 1 : 0 };
      let removed = 0;
      for (const row of await repo.listFor(uid)) if (await repo.remove(uid, row.id)) removed += 1;
      return { removed };
    },

    async sendWeeklyDigests(signal?: AbortSignal): Promise<{ users: number; mails: number }> {
      const week = digestWeek(deps.clock.now());
      const due = await repo.dueFor(week.sunday);
      const byUser = new Map<string, typeof due>();
      for (const row of due) byUser.set(row.user_uid, [...(byUser.get(row.user_uid) ?? []), row]);
      let mails = 0;
      for (const [uid, rows] of byUser) {
        if (signal?.aborted) break;
        const sections = (await Promise.all(rows.map((row) => digestSection(row, week)))).filter(
          (section): section is DigestSection => section !== null,
        );
        const first = rows[0]!;
        const ids = rows.map((row) => row.id);
        await deps.db.transaction().execute(async (trx) => {
          if (sections.length > 0) {
            const unsubscribeAll = await unsubscribeLink('all', uid);
            await mail.queue(
              {
                key: `weekly-digest:${uid}:${week.sunday}`,
                to: first.email,
                subject: `${PRODUCT_NAME}: new patents for your searches, week ending ${week.sunday}`,
                body: createElement(WeeklyDigest, {
                  name: first.name,
                  weekLabel: week.sunday,
                  sections,
                  publicUrl: mail.link('/'),
                  accountLink: mail.link('/account'),
                  unsubscribeAllLink: unsubscribeAll,
                }),
                headers: {
                  'List-Unsubscribe': `<${unsubscribeAll.replace('/unsubscribe?', '/api/v1/unsubscribe?')}>`,
                  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
                },
              },
              trx,
            );
            mails += 1;
          }
          await repo.markDigested(trx, ids, week.sunday, sections.length > 0 ? deps.clock.now() : null);
        });
      }
      if (mails > 0) await mail.flushSoon();
      logger.info({ week: week.sunday, users: byUser.size, mails }, 'weekly digests');
      return { users: byUser.size, mails };
    },
  };
}
