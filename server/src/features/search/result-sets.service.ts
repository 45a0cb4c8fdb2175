import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { createBatchWriter } from '../../shared/batch-writer.js';
import type { Clock } from '../../shared/clock.js';
import type { RankedCandidates, SearchEngine, SearchExplanation, SearchPriority } from './engine/index.js';
import { FILTER_INPUTS } from './engine/index.js';
import { parseLensQuery } from './query/parser.js';
import { ResultSetNotFoundError } from './search.errors.js';
import type { NewResultSet, ResultSetsRepo, StoredResultSet } from './result-sets.repo.js';
import type { CheckedSearchRequest } from './search.contract.js';
import type { SearchKind } from './search.types.js';

/** How long a result set is kept: its id replays it (reloads, shared links) for this long. */
export const RESULT_SET_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** How long an unknown set's id is looked for again: another server's batch may be on its way. */
const UNSEEN_SET_WAIT_MS = 100;

/** A stored request, as written by `keep` (a checked request's query and filters). */
const StoredRequest = z.object({ query: z.string(), ...FILTER_INPUTS });

/** A stored result set, replayed: the engine's answer as it was, with its id. */
export interface ReplayedSet {
  id: string;
  kind: SearchKind;
  query: string;
  found: RankedCandidates;
}

export interface ResultSets {
  /** Keeps a search's answer, written off the answer's path; answers the set's id at once. */
  keep(uid: string, searchKey: string, request: CheckedSearchRequest, found: RankedCandidates): string;
  /** The user's set of the same search since `since`, replayed; undefined when there is none. */
  latest(uid: string, searchKey: string, since: Date): Promise<ReplayedSet | undefined>;
  /** A kept set by its id, replayed; `ResultSetNotFoundError` when unknown or expired. */
  replay(id: string): Promise<ReplayedSet>;
  /**
   * The set's exact counts: those it has, or, when its counts were estimated, counted now over
   * every match and kept (still estimated if counting took too long).
   */
  exactCounts(
    id: string,
    priority?: SearchPriority,
  ): Promise<{ total: number; families: number; estimated: boolean }>;
  /** Removes the sets past their retention; answers how many. */
  purgeExpired(): Promise<number>;
  /** Resolves once the sets kept so far are written (before the server stops). */
  settled(): Promise<void>;
  /** The search's part in purging closed accounts. */
  purgeAccounts(uids: readonly string[]): Promise<void>;
}

/**
 * Result sets kept by id: a search's ranked lens ids with its counts, replayed without
 * searching; the display fields are read again, so a replay shows the patents as they are now.
 */
export function createResultSets(deps: {
  repo: ResultSetsRepo;
  engine: SearchEngine;
  clock: Clock;
  /** Told of kept sets that could not be written (the database down for several seconds). */
  onLostSets?: (error: unknown, lost: number) => void;
}): ResultSets {
  const { repo, engine, clock } = deps;
  // Kept sets are written off the answer's path (ADR 0118): the answer carries the set's id at
  // once, and reads of kept sets wait for the writes in flight.
  const writer = createBatchWriter<NewResultSet & { id: string }>({
    write: (sets) => repo.storeMany(sets),
    onError: deps.onLostSets ?? (() => undefined),
  });
  const keptSince = () => new Date(clock.now().getTime() - RESULT_SET_RETENTION_MS);

  async function replayed(set: StoredResultSet): Promise<ReplayedSet> {
    const request = StoredRequest.parse(set.request);
    return {
      id: set.id,
      kind: set.kind,
      query: request.query,
      found: {
        total: set.total,
        families: set.families,
        estimated: set.estimated,
        hits: await engine.hitsByIds(set.lensIds),
        // Sets kept before records said more (ADR 0177, 0181) have no classification matches and
        // name no classes.
        explanation: set.explanation
          ? {
              ...(set.explanation as SearchExplanation),
              throughClassification:
                (set.explanation as Partial<SearchExplanation>).throughClassification ?? [],
              classes: (set.explanation as Partial<SearchExplanation>).classes ?? [],
            }
          : undefined,
      },
    };
  }

  async function find(id: string): Promise<StoredResultSet> {
    const uuid = z.uuid().safeParse(id);
    let set: StoredResultSet | undefined;
    if (uuid.success) {
      await writer.settled();
      set = await repo.find(uuid.data, keptSince());
      // Another copy of the server may have answered the id a moment ago, its batch not yet written.
      if (!set) {
        await new Promise((resolve) => setTimeout(resolve, UNSEEN_SET_WAIT_MS));
        set = await repo.find(uuid.data, keptSince());
      }
    }
    if (!set) throw new ResultSetNotFoundError();
    return set;
  }

  return {
    keep(uid: string, searchKey: string, request: CheckedSearchRequest, found: RankedCandidates): string {
      const id = randomUUID();
      writer.queue({
        id,
        uid,
        searchKey,
        kind: request.kind,
        request: { query: request.query, ...request.filters },
        lensIds: found.hits.map((hit) => hit.lens_id),
        total: found.total,
        families: found.families,
        estimated: found.estimated,
        explanation: found.explanation ?? null,
      });
      return id;
    },

    async latest(uid: string, searchKey: string, since: Date): Promise<ReplayedSet | undefined> {
      await writer.settled();
      const set = await repo.latest(uid, searchKey, since);
      return set && replayed(set);
    },

    replay: async (id: string): Promise<ReplayedSet> => replayed(await find(id)),

    async exactCounts(
      id: string,
      priority: SearchPriority = 'normal',
    ): Promise<{ total: number; families: number; estimated: boolean }> {
      const set = await find(id);
      if (!set.estimated) return { total: set.total, families: set.families, estimated: false };
      const { query, ...filters } = StoredRequest.parse(set.request);
      const counted = await engine.countExactly(
        set.kind === 'boolean'
          ? { query: parseLensQuery(query), filters, priority }
          : { text: query, filters, priority },
      );
      if (!counted) return { total: set.total, families: set.families, estimated: true };
      await repo.settleCounts(set.id, counted);
      return { ...counted, estimated: false };
    },

    purgeExpired: (): Promise<number> => repo.purgeBefore(keptSince()),

    settled: () => writer.settled(),
    purgeAccounts: (uids: readonly string[]): Promise<void> => repo.purgeAccounts(uids),
  };
}
