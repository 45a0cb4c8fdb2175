import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './20261122T0400-initial.js';
import * as searchIndex from './20261122T0500-search-index.js';
import * as indexRuns from './20261122T0600-index-runs.js';
import * as bulkSearchRows from './20261122T0700-bulk-search-rows.js';
import * as searchSpeed from './20261122T0800-search-speed.js';
import * as lighterPatentWrites from './20261123T0100-lighter-patent-writes.js';
import * as topRankIndexes from './20261123T0200-top-rank-indexes.js';
import * as textCountryIndex from './20261123T0300-text-country-index.js';
import * as textCountryTopIndex from './20261123T0400-text-country-top-index.js';
import * as mail from './20261124T0100-mail.js';
import * as mailingList from './20261124T0200-mailing-list.js';
import * as weeklyUpdates from './20261124T0300-weekly-updates.js';
import * as oneshot from './20261124T0400-oneshot-and-previous-searches.js';
import * as billing from './20261124T0500-billing.js';
import * as pageViews from './20261125T0100-page-views.js';
import * as rateLimits from './20261125T0200-rate-limits.js';
import * as oneShotCredit from './20261125T0250-oneshot-credit.js';
import * as analystKeys from './20261125T0300-analyst-keys.js';
import * as searchSample from './20261125T1000-search-sample.js';
import * as resultSets from './20261125T1010-result-sets.js';
import * as searchWords from './20261125T1100-search-words.js';
import * as retireMailingList from './20261126T0100-retire-mailing-list.js';
import * as plansAndBilling from './20261126T0300-plans-and-billing-records.js';
import * as withoutProviderRecord from './20261126T0400-patents-without-the-provider-record.js';
import * as leanerSearchRows from './20261126T0410-leaner-search-rows-and-families.js';
import * as searchListsAsDelimitedText from './20261126T0500-search-lists-as-delimited-text.js';
import * as patentListsAsDelimitedText from './20261126T0930-patent-lists-as-delimited-text.js';
import * as reserveSearchUse from './20261126T0940-reserve-search-use.js';
import * as sampleFilterIndexes from './20261126T1600-sample-filter-indexes.js';
import * as restOfRankIndexes from './20261127T0100-rest-of-rank-indexes.js';
import * as classificationRankIndexes from './20261127T0200-classification-rank-indexes.js';
import * as meaning from './20261128T0900-meaning.js';
import * as meaningMethod from './20261128T1300-meaning-method-and-cells.js';
import * as wordSenses from './20261129T0800-word-senses.js';
import * as collectionTextInOneForm from './20261129T1200-collection-text-in-one-form.js';
import * as learnedWords from './20261129T1200-learned-words.js';
import * as resultMaps from './20261129T1300-result-maps.js';
import * as collections from './20261128T1000-collections.js';

/** Every migration, listed explicitly so that bundling or a stray file cannot change the set. */
const MIGRATIONS: Record<string, Migration> = {
  '20261122T0400-initial': initial,
  '20261122T0500-search-index': searchIndex,
  '20261122T0600-index-runs': indexRuns,
  '20261122T0700-bulk-search-rows': bulkSearchRows,
  '20261122T0800-search-speed': searchSpeed,
  '20261123T0100-lighter-patent-writes': lighterPatentWrites,
  '20261123T0200-top-rank-indexes': topRankIndexes,
  '20261123T0300-text-country-index': textCountryIndex,
  '20261123T0400-text-country-top-index': textCountryTopIndex,
  '20261124T0100-mail': mail,
  '20261124T0200-mailing-list': mailingList,
  '20261124T0300-weekly-updates': weeklyUpdates,
  '20261124T0400-oneshot-and-previous-searches': oneshot,
  '20261124T0500-billing': billing,
  '20261125T0100-page-views': pageViews,
  '20261125T0200-rate-limits': rateLimits,
  '20261125T0250-oneshot-credit': oneShotCredit,
  '20261125T0300-analyst-keys': analystKeys,
  '20261125T1000-search-sample': searchSample,
  '20261125T1010-result-sets': resultSets,
  '20261125T1100-search-words': searchWords,
  '20261126T0100-retire-mailing-list': retireMailingList,
  '20261126T0300-plans-and-billing-records': plansAndBilling,
  '20261126T0400-patents-without-the-provider-record': withoutProviderRecord,
  '20261126T0410-leaner-search-rows-and-families': leanerSearchRows,
  '20261126T0500-search-lists-as-delimited-text': searchListsAsDelimitedText,
  '20261126T0930-patent-lists-as-delimited-text': patentListsAsDelimitedText,
  '20261126T0940-reserve-search-use': reserveSearchUse,
  '20261126T1600-sample-filter-indexes': sampleFilterIndexes,
  '20261127T0100-rest-of-rank-indexes': restOfRankIndexes,
  '20261127T0200-classification-rank-indexes': classificationRankIndexes,
  '20261128T0900-meaning': meaning,
  '20261128T1000-collections': collections,
  '20261128T1300-meaning-method-and-cells': meaningMethod,
  '20261129T0800-word-senses': wordSenses,
  '20261129T1200-collection-text-in-one-form': collectionTextInOneForm,
  '20261129T1200-learned-words': learnedWords,
  '20261129T1300-result-maps': resultMaps,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
