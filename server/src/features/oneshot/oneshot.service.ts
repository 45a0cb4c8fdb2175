import { createElement } from 'react';
import { z } from 'zod';
import { PRODUCT_NAME, resultsAddress, searchFiltersOf } from '@patentscout/schema';
import type { Db } from '@patentscout/db';
import type { Clock } from '../../shared/clock.js';
import { AppError } from '../../shared/errors.js';
import type { Logger } from '../../shared/logger.js';
import type { JobSender, MailAttachment } from '../../shared/mail.js';
import { parseInput } from '../../shared/validation.js';
import { assertVerified, type Viewer } from '../../shared/viewer.js';
import type { AccountsService } from '../accounts/index.js';
import type { MailService } from '../mail/index.js';
import type { PlansService } from '../plans/index.js';
import { searchQueryText, type SearchService } from '../search/index.js';
import type { OneShotRepo } from './oneshot.repo.js';
import { renderOneShotReport, type ReportFamily } from './report.js';
import { OneShotReady } from './templates/OneShotReady.js';

export const ONESHOT_RUN_JOB = 'oneshot.run';
/** Candidates each interpretation of the question reads: four times an interactive search's. */
const DEEP_CANDIDATES = 2000;
/** Families described in the report. */
const REPORT_FAMILIES = 50;
/** An unfinished request no run has touched for this long is run again (its worker died). */
export const STALE_AFTER_MS = 3 * 60 * 1000;

const OneShotRequest = z.object({ query: searchQueryText('Please describe what to search for.') });
const RequestId = z.string().uuid('That is not a one-shot request id.');

export class OneShotNotFoundError extends AppError {
  constructor() {
    super('ONESHOT_NOT_FOUND', 'That one-shot search was not found.');
  }
}

/**
 * A search refused for what it would cost (QUERY_TOO_COMPLEX) or stopped for what it did cost
 * (SEARCH_TIMED_OUT) fails the same way every time: a run that meets one fails at once, with its
 * message, and is not tried again (ADR 0111).
 */
export function failsForGood(error: unknown): boolean {
  return (
    error instanceof AppError && (error.code === 'QUERY_TOO_COMPLEX' || error.code === 'SEARCH_TIMED_OUT')
  );
}

export interface PreviousSearch {
  id: string;
  kind: 'ai' | 'boolean' | 'oneshot';
  query: string;
  createdAt: string;
  /** Matches (AI and advanced searches) or families in the report (one-shot, when done). */
  resultCount: number | null;
  /** AI and advanced searches: the results page's address, to run them again. */
  resultsPath: string | null;
  /** One-shot searches: queued, running, done or failed. */
  status: string | null;
}

export interface OneShotService {
  /** Accepts a one-shot search: one credit now, the search and its report by e-mail later. */
  request(viewer: Viewer | null, input: unknown): Promise<{ requestId: string }>;
  /**
   * Runs a request: the deep search, the report, and (in one transaction with the request's
   * "done") its e-mail, so a run that dies midway is run again and mails once.
   */
  run(requestId: string): Promise<void>;
  /** A request whose last run failed: marked failed, and its credit given back. */
  fail(requestId: string, error: unknown): Promise<void>;
  /** Sends the runs of requests whose worker died (their run restarts from the beginning). */
  resumeStale(): Promise<number>;
  /** The user's report, for them only. */
  report(viewer: Viewer | null, id: unknown): Promise<MailAttachment>;
  /** AI, advanced and one-shot searches together, newest first. */
  previousSearches(viewer: Viewer | null): Promise<PreviousSearch[]>;
}

export function createOneShotService(deps: {
  repo: OneShotRepo;
  db: Db;
  search: Pick<SearchService, 'plainRequest' | 'checkRequest' | 'rankedMatches' | 'recentSearches'>;
  /** The plan's one-shot credits: one is charged per request, and given back if it fails for good. */
  credits: Pick<PlansService, 'chargeCredit' | 'refundCredit'>;
  accounts: Pick<AccountsService, 'getAccount' | 'contactOf'>;
  mail: Pick<MailService, 'queue' | 'flushSoon' | 'link'>;
  jobs: JobSender;
  clock: Clock;
  logger: Logger;
}): OneShotService {
  const { repo, search, mail, logger } = deps;

  /**
   * The question read as an advanced search, or null when it is not Lens syntax (the AI reading
   * then stands alone); refused when it reads as Lens syntax that asks more than a search may.
   */
  function advancedReading(query: string) {
    try {
      return search.checkRequest('boolean', { query });
    } catch (error) {
      if (failsForGood(error)) throw error;
      return null;
    }
  }

  /** The AI reading of the question, and the advanced one when it reads as Lens syntax; one lead per family. */
  async function familyLeads(query: string): Promise<string[]> {
    const advanced = advancedReading(query);
    const readings = [search.plainRequest('ai', query), ...(advanced ? [advanced] : [])];
    const hits = (
      await Promise.all(readings.map((reading) => search.rankedMatches(reading, DEEP_CANDIDATES)))
    ).flat();
    const families = await repo.familiesOf([...new Set(hits.map((hit) => hit.lens_id))]);
    const seen = new Set<string>();
    const leads: string[] = [];
    for (const hit of hits) {
      const family = families.get(hit.lens_id) ?? `patent:${hit.lens_id}`;
      if (seen.has(family)) continue;
      seen.add(family);
      leads.push(hit.lens_id);
    }
    return leads;
  }

  async function reportFamilies(leads: string[]): Promise<ReportFamily[]> {
    const details = await repo.details(leads.slice(0, REPORT_FAMILIES));
    const offices = await repo.familyOffices(
      details.flatMap((patent) => (patent.family_id ? [patent.family_id] : [])),
    );
    return details.map((patent) => ({
      title: patent.ai_title?.trim() || patent.title,
      summary: patent.ai_summary ?? '',
      uses: patent.ai_uses ?? [],
      status: patent.patent_status.toLowerCase().replace(/_/g, ' '),
      number: [patent.jurisdiction, patent.doc_number, patent.kind].join(' '),
      published: patent.date_published,
      priority: patent.earliest_priority_date,
      owners: patent.owners.length > 0 ? patent.owners : patent.applicants,
      offices: (patent.family_id && offices.get(patent.family_id)) || [patent.jurisdiction],
      link: mail.link(`/patents/${encodeURIComponent(patent.lens_id)}`),
    }));
  }

  return {
    async request(viewer: Viewer | null, input: unknown): Promise<{ requestId: string }> {
      assertVerified(viewer);
      const { query } = parseInput(OneShotRequest, input);
      // Refused now, before a credit is used, rather than failing later by e-mail.
      advancedReading(query);
      await deps.accounts.getAccount(viewer);
      const creditId = await deps.credits.chargeCredit(viewer.uid, { kind: 'oneshot', query });
      let requestId: string;
      try {
        requestId = await repo.create(viewer.uid, query, creditId);
      } catch (error) {
        await deps.credits.refundCredit(creditId);
        throw error;
      }
      // The request is saved: a lost send is not the user's failure, the resume job sends it.
      await deps.jobs.send(ONESHOT_RUN_JOB, { requestId }).catch((error: unknown) => {
        logger.warn({ err: error, requestId }, 'one-shot run not queued; the resume job will send it');
      });
      return { requestId };
    },

    async run(requestId: string): Promise<void> {
      const request = await repo.find(requestId);
      if (!request || !(await repo.claim(requestId))) return;
      const account = await deps.accounts.contactOf(request.user_uid);
      if (!account) {
        await repo.fail(requestId, 'The account no longer exists.');
        return;
      }
      const leads = await familyLeads(request.query);
      const families = await reportFamilies(leads);
      const requestedAt = new Date(request.created_at);
      const report = await renderOneShotReport({
        query: request.query,
        requestedAt,
        families,
        familiesFound: leads.length,
      });
      const filename = `${PRODUCT_NAME}-one-shot-${requestedAt.toISOString().slice(0, 10)}.pdf`;
      await deps.db.transaction().execute(async (trx) => {
        await repo.finish(trx, requestId, { families: leads.length, report });
        await mail.queue(
          {
            key: `oneshot:${requestId}`,
            to: account.email,
            subject: `${PRODUCT_NAME}: your one-shot search is ready`,
            body: createElement(OneShotReady, {
              name: account.name,
              query: request.query,
              families: leads.length,
              requestId,
              publicUrl: mail.link('/'),
              previousSearchesLink: mail.link('/home?tab=previous'),
            }),
            attachments: [{ filename, contentType: 'application/pdf', content: report }],
          },
          trx,
        );
      });
      await mail.flushSoon();
      logger.info({ requestId, families: leads.length, bytes: report.length }, 'one-shot search done');
    },

    async fail(requestId: string, error: unknown): Promise<void> {
      const failed = await repo.fail(requestId, error instanceof Error ? error.message : String(error));
      if (failed?.credit_event_id) await deps.credits.refundCredit(failed.credit_event_id);
    },

    async resumeStale(): Promise<number> {
      const stale = await repo.stale(new Date(deps.clock.now().getTime() - STALE_AFTER_MS));
      for (const requestId of stale) await deps.jobs.send(ONESHOT_RUN_JOB, { requestId });
      return stale.length;
    },

    async report(viewer: Viewer | null, id: unknown): Promise<MailAttachment> {
      assertVerified(viewer);
      const parsed = RequestId.safeParse(id);
      if (!parsed.success) throw new OneShotNotFoundError();
      const request = await repo.find(parsed.data);
      if (!request || request.user_uid !== viewer.uid || !request.report) throw new OneShotNotFoundError();
      return {
        filename: `${PRODUCT_NAME}-one-shot-${new Date(request.created_at).toISOString().slice(0, 10)}.pdf`,
        contentType: 'application/pdf',
        content: request.report,
      };
    },

    async previousSearches(viewer: Viewer | null): Promise<PreviousSearch[]> {
      assertVerified(viewer);
      const [searches, oneShots] = await Promise.all([
        search.recentSearches(viewer, 50),
        repo.listFor(viewer.uid, 50),
      ]);
      const all: PreviousSearch[] = [
        ...searches.map((entry) => ({
          id: `search-${entry.id}`,
          kind: entry.kind,
          query: entry.query,
          createdAt: entry.createdAt,
          resultCount: entry.resultCount,
          // The request as it was sent, so that "Run again" opens the same search.
          resultsPath: resultsAddress(entry.kind, { ...searchFiltersOf(entry.request), query: entry.query }),
          status: null,
        })),
        ...oneShots.map((entry) => ({
          id: entry.id,
          kind: 'oneshot' as const,
          query: entry.query,
          createdAt: new Date(entry.created_at).toISOString(),
          resultCount: entry.families,
          resultsPath: null,
          status: entry.status,
        })),
      ];
      return all.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, 50);
    },
  };
}
