import type { Resolvers } from '../../__generated__/resolvers-types.js';
import type { ServicesContext } from '../../shared/graphql-context.js';
import type { AnalystKeysService } from './analyst-keys.service.js';
import type { InsightsService } from './insights.service.js';

/**
 * The analytics: `analytics(range)` checks the caller and the range once, and each figure reads
 * that window; `landscape` answers a search's matches as aggregates.
 */
/** What these resolvers read of the GraphQL context. */
export type AnalyticsContext = ServicesContext<{
  analytics: { keys: AnalystKeysService; insights: InsightsService };
}>;

export const analyticsResolvers: Resolvers<AnalyticsContext> = {
  Account: {
    analyst: (account, _, { services }) => services.analytics.keys.isAnalyst(account.uid),
  },
  Query: {
    analytics: (_, { range }, { viewer, services }) => services.analytics.insights.open(viewer, range),
    landscape: (_, { input }, { viewer, services }) => services.analytics.insights.landscape(viewer, input),
  },
  Analytics: {
    from: (w) => w.from.toISOString(),
    to: (w) => w.to.toISOString(),
    searchesOverTime: (w, { interval, by }, { services }) =>
      services.analytics.insights.searchesOverTime(w, interval, by),
    searches: (w, _, { services }) => services.analytics.insights.searches(w),
    topQueries: (w, { limit }, { services }) => services.analytics.insights.topQueries(w, limit),
    topFilters: (w, { limit }, { services }) => services.analytics.insights.topFilters(w, limit),
    topIndustries: (w, { limit }, { services }) => services.analytics.insights.topIndustries(w, limit),
    topCountries: (w, { limit }, { services }) => services.analytics.insights.topCountries(w, limit),
    signUps: (w, { interval }, { services }) => services.analytics.insights.signUps(w, interval),
    activeUsers: (w, _, { services }) => services.analytics.insights.activeUsers(w),
    freeUsersAtLimit: (w, _, { services }) => services.analytics.insights.freeUsersAtLimit(w),
    subscriptions: (w) => w,
    pageViewsByRoute: (w, { limit }, { services }) => services.analytics.insights.pageViewsByRoute(w, limit),
    corpus: (w) => w,
  },
  SubscriptionFigures: {
    started: async (w, _, { services }) => (await services.analytics.insights.subscriptions(w)).started,
    cancelled: async (w, _, { services }) => (await services.analytics.insights.subscriptions(w)).cancelled,
    activeNow: async (w, _, { services }) => (await services.analytics.insights.subscriptions(w)).activeNow,
    overTime: (w, { interval }, { services }) =>
      services.analytics.insights.subscriptionsOverTime(w, interval),
  },
  CorpusFigures: {
    patents: async (_, __, { services }) =>
      (await services.analytics.insights.corpus.enrichmentCoverage()).total,
    byYear: (_, __, { services }) => services.analytics.insights.corpus.byYear(),
    byCountry: (_, { limit }, { services }) => services.analytics.insights.corpus.byCountry(limit),
    byStatus: (_, __, { services }) => services.analytics.insights.corpus.byStatus(),
    enrichmentCoverage: (_, __, { services }) => services.analytics.insights.corpus.enrichmentCoverage(),
    lastReindexRun: (_, __, { services }) => services.analytics.insights.corpus.lastReindexRun(),
  },
  Landscape: {
    topOwners: (landscape, { limit }) => landscape.owners.slice(0, limit),
    topIpcClasses: (landscape, { limit }) => landscape.ipc.slice(0, limit),
    byCountry: (landscape, { limit }) => landscape.countries.slice(0, limit),
  },
};
