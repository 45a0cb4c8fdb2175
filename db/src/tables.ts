import type { BillingTables } from './billing-tables.js';
import type { CollectionTables } from './collection-tables.js';
import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** Postgres `date` columns are read back as YYYY-MM-DD strings (see client.ts type parsers). */
type DateText = ColumnType<string, string, string>;

export interface UsersTable {
  uid: string;
  email: string;
  name: string;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  deleted_at: Timestamp | null;
  /**
   * An internal analyst: may read the analytics and hold API keys (`npm run admin -- analyst-key`).
   * The analytics feature's column (ADR 0108): only its analyst keys write and read it.
   */
  analyst: Generated<boolean>;
}

/**
 * A member of a patent's simple family as stored: [lens_id (null when the provider gave none),
 * jurisdiction, doc_number, kind, date], an array rather than an object so that no key is stored
 * in every member of every row (ADR 0119).
 */
export type FamilyMemberJson = [
  lensId: string | null,
  jurisdiction: string,
  docNumber: string,
  kind: string,
  date: string,
];

export interface PatentsTable {
  lens_id: string;
  doc_key: string;
  jurisdiction: string;
  doc_number: string;
  kind: string;
  date_published: DateText;
  year_published: Generated<number>;
  publication_type: string | null;
  title: string;
  abstract: string;
  claims: string;
  /** The five lists as one text each, items separated by U+001F (lists.ts, ADR 0130). */
  ipc_symbols: string;
  first_ipc: string | null;
  cpc_symbols: string;
  inventors: string;
  applicants: string;
  owners: string;
  earliest_priority_date: DateText | null;
  patent_status: string;
  anticipated_term_date: DateText | null;
  family_id: string | null;
  family_members: ColumnType<FamilyMemberJson[], string, string>;
  /** The language of the title shown (`title`), as the provider tagged it. */
  title_lang: string | null;
  ai_title: string | null;
  ai_summary: string | null;
  /** Lists as one text, items separated by U+001F (`listItems`/`listText` in lists.ts, ADR 0125). */
  ai_types: string | null;
  ai_uses: string | null;
  ai_generated_at: Timestamp | null;
  indexed_at: Timestamp;
}

export interface FavouritesTable {
  id: Generated<string>;
  user_uid: string;
  lens_id: string;
  doc_key: string;
  patent_title: string;
  created_at: Generated<Timestamp>;
}

/**
 * The allowance's ledger: every counted use (a search, a one-shot credit). The plans module owns
 * it (ADR 0108); searches and one-shots are recorded through its allowance.
 */
export interface SearchEventsTable {
  id: Generated<string>;
  user_uid: string;
  kind: 'ai' | 'boolean' | 'oneshot';
  /** The request as the user gave it (query and filters), to run it again. */
  request: ColumnType<unknown, string | null | undefined, string | null>;
  /** The search's identity (kind, query, filters): a repeat within a day costs no credit. */
  search_key: string | null;
  query: string;
  result_count: number;
  created_at: Timestamp;
}

/** A search's answer kept by id (its ranked lens ids and counts), replayed without searching. */
export interface SearchResultSetsTable {
  id: Generated<string>;
  user_uid: string;
  search_key: string;
  kind: 'ai' | 'boolean';
  /** The checked request (kind, query, filters), to count its matches again. */
  request: ColumnType<unknown, string, string>;
  lens_ids: string[];
  total: number;
  families: number;
  estimated: boolean;
  explanation: ColumnType<unknown, string | null, string | null>;
  created_at: Timestamp;
}

export interface MailMessagesTable {
  id: Generated<number>;
  idempotency_key: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  headers: ColumnType<Record<string, string>, string | undefined, string>;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface MailAttachmentsTable {
  message_id: number;
  position: number;
  filename: string;
  content_type: string;
  content: Buffer;
}

export interface OutboxTable {
  id: Generated<number>;
  message_id: string;
  from_address: string;
  to_addresses: string[];
  subject: string;
  source: Buffer;
  received_at: Timestamp;
}

export interface SavedSearchesTable {
  id: Generated<number>;
  user_uid: string;
  kind: 'ai' | 'boolean';
  query: string;
  filters: ColumnType<unknown, string, string>;
  address: string;
  search_key: string;
  created_at: Timestamp;
  /** The Sunday (YYYY-MM-DD) of the last week a digest covered. */
  last_digest_week: DateText | null;
  last_sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

export interface OneShotRequestsTable {
  id: Generated<string>;
  user_uid: string;
  query: string;
  status: Generated<'queued' | 'running' | 'done' | 'failed'>;
  families: number | null;
  report: Buffer | null;
  error: string | null;
  attempts: Generated<number>;
  /** The search event that charged its credit, given back when the request fails for good. */
  credit_event_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Database extends CollectionTables, BillingTables {
  users: UsersTable;
  patents: PatentsTable;
  favourites: FavouritesTable;
  search_events: SearchEventsTable;
  mail_messages: MailMessagesTable;
  mail_attachments: MailAttachmentsTable;
  outbox: OutboxTable;
  saved_searches: SavedSearchesTable;
  app_secrets: AppSecretsTable;
  oneshot_requests: OneShotRequestsTable;
  page_views: PageViewsTable;
  rate_limit_hits: RateLimitHitsTable;
  analyst_keys: AnalystKeysTable;
  search_result_sets: SearchResultSetsTable;
  search_words: SearchWordsTable;
  result_maps: ResultMapsTable;
}

/** An answer's map once drawn (ADR 0179), keyed by what it was drawn from. */
export interface ResultMapsTable {
  key: string;
  layout: ColumnType<unknown, string, string>;
  created_at: Timestamp;
}

/** A word of the patents' text as written, with its English lexeme (NULL for a stop word). */
export interface SearchWordsTable {
  word: string;
  lexeme: string | null;
}

/** An analyst's personal API key: only its SHA-256 is kept. */
export interface AnalystKeysTable {
  id: GeneratedAlways<string>;
  user_uid: string;
  key_hash: string;
  label: Generated<string>;
  created_at: Timestamp;
  revoked_at: Timestamp | null;
  last_used_at: Timestamp | null;
}

export interface RateLimitHitsTable {
  key: string;
  count: number;
  window_ends_at: Timestamp;
}

export interface PageViewsTable {
  id: GeneratedAlways<string>;
  path: string;
  referrer: string | null;
  user_uid: string | null;
  session_id: string;
  viewed_at: Timestamp;
}

export type UserRow = Selectable<UsersTable>;
export type PatentRow = Selectable<PatentsTable>;
export type NewPatent = Insertable<PatentsTable>;
export type FavouriteRow = Selectable<FavouritesTable>;
