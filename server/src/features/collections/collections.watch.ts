import { createElement } from 'react';
import { z } from 'zod';
import { PRODUCT_NAME } from '@patentscout/schema';
import type { Clock } from '../../shared/clock.js';
import { ValidationError } from '../../shared/errors.js';
import type { Logger } from '../../shared/logger.js';
import { parseInput } from '../../shared/validation.js';
import type { MailService } from '../mail/index.js';
import { digestWeek } from '../updates/index.js';
import type { CollectionChangeRow, CollectionWatchRepo, WatcherRow } from './collection-watch.repo.js';
import {
  CollectionWatchDigest,
  type WatchChange,
  type WatchSection,
} from './templates/CollectionWatchDigest.js';
import { signWatchToken, verifyWatchToken, type WatchScope } from './watch-token.js';

/** Changes listed per collection; the rest are counted. */
const LISTED_PER_COLLECTION = 25;

/** `US_9000001_B2_20190307` as offices write it: `US 9000001 B2`. */
const publicationOf = (docKey: string) => docKey.split('_').slice(0, 3).join(' ');

function describe(change: CollectionChangeRow): string {
  if (change.kind === 'legal_status') return `Legal status changed: ${change.detail}`;
  if (change.kind === 'family_member') return `New member of its family published: ${change.detail}`;
  return 'Removed from the corpus: it is kept in the collection as no longer in the corpus';
}

export interface CollectionWatch {
  /** Mails every watcher the week's changes of their collections; nothing when nothing changed. */
  sendWatchDigests(signal?: AbortSignal): Promise<{ users: number; mails: number }>;
  /** The e-mail's one-click link: no sign-in, the signed token says which collection and user. */
  unwatchWithToken(token: unknown): Promise<{ stopped: number }>;
}

/**
 * Watching (ADR 0147): once a week, each watcher gets one e-mail of what changed in the members of
 * the collections they watch, from the change log that re-index and ingest write.
 */
export function createCollectionWatch(deps: {
  repo: CollectionWatchRepo;
  mail: Pick<MailService, 'queue' | 'flushSoon' | 'link'>;
  clock: Clock;
  logger: Logger;
  configuredSecret: string | undefined;
}): CollectionWatch {
  const { repo, mail } = deps;
  let secret: Promise<string> | undefined;
  const signingSecret = () =>
    (secret ??= deps.configuredSecret ? Promise.resolve(deps.configuredSecret) : repo.unsubscribeSecret());
  const unwatchLink = async (scope: WatchScope, uid: string) =>
    mail.link(`/collections/unwatch?token=${signWatchToken(await signingSecret(), scope, uid)}`);

  async function sectionOf(watcher: WatcherRow, upTo: number): Promise<WatchSection | null> {
    const rows = await repo.changesOf(watcher.collection_id, watcher.watch_cursor, upTo);
    if (rows.length === 0) return null;
    const changes: WatchChange[] = rows.slice(0, LISTED_PER_COLLECTION).map((row) => ({
      summary: describe(row),
      member: `${row.member_title || row.member_doc_key} (${publicationOf(row.member_doc_key)})`,
      link:
        row.kind === 'removed'
          ? null
          : mail.link(
              `/patents/${encodeURIComponent(row.kind === 'family_member' ? row.lens_id : row.member_lens_id)}`,
            ),
    }));
    if (rows.length > LISTED_PER_COLLECTION)
      changes.push({
        summary: `And ${rows.length - LISTED_PER_COLLECTION} more changes.`,
        member: '',
        link: null,
      });
    return {
      collectionName: watcher.collection_name,
      collectionLink: mail.link(`/collections/${watcher.collection_id}`),
      changes,
      unsubscribeLink: await unwatchLink({ collectionId: watcher.collection_id }, watcher.uid),
    };
  }

  return {
    async sendWatchDigests(signal?: AbortSignal): Promise<{ users: number; mails: number }> {
      const week = digestWeek(deps.clock.now());
      const upTo = await repo.lastChangeId();
      const byUser = new Map<string, WatcherRow[]>();
      for (const watcher of await repo.watchers())
        byUser.set(watcher.uid, [...(byUser.get(watcher.uid) ?? []), watcher]);
      let mails = 0;
      for (const [uid, watched] of byUser) {
        if (signal?.aborted) return { users: byUser.size, mails };
        const sections = (await Promise.all(watched.map((watcher) => sectionOf(watcher, upTo)))).filter(
          (section): section is WatchSection => section !== null,
        );
        if (sections.length === 0) continue;
        const first = watched[0]!;
        const unsubscribe = await unwatchLink('all', uid);
        const queued = await mail.queue({
          key: `collection-watch:${uid}:${week.sunday}:${upTo}`,
          to: first.email,
          subject: `${PRODUCT_NAME}: changes in your collections, week ending ${week.sunday}`,
          body: createElement(CollectionWatchDigest, {
            name: first.name,
            weekLabel: week.sunday,
            sections,
            publicUrl: mail.link('/'),
            unsubscribeLink: unsubscribe,
          }),
          headers: {
            'List-Unsubscribe': `<${unsubscribe.replace('/collections/unwatch?', '/api/v1/collections/unwatch?')}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        });
        if (queued) mails += 1;
      }
      // A crash before this line mails again at the next run, with the same keys: nothing twice.
      await repo.advanceCursors(upTo);
      await repo.pruneChanges(upTo);
      deps.logger.info({ week: week.sunday, users: byUser.size, mails }, 'collection watch e-mails');
      return { users: byUser.size, mails };
    },

    async unwatchWithToken(token: unknown): Promise<{ stopped: number }> {
      const verified = verifyWatchToken(await signingSecret(), parseInput(z.string().max(1000), token ?? ''));
      if (!verified)
        throw new ValidationError("This link is not valid. Turn the e-mails off on the collection's page.");
      const { scope, uid } = verified;
      return { stopped: await repo.stopWatching(scope === 'all' ? null : scope.collectionId, uid) };
    },
  };
}
