import type { AccountsService } from '../accounts/index.js';
import type { FeatureDeps, FeatureModule } from '../feature-module.js';
import type { MailService } from '../mail/index.js';
import { createCollectionSharesRepo } from './collection-shares.repo.js';
import { createCollectionsRepo } from './collections.repo.js';
import { collectionsResolvers, type CollectionsContext } from './collections.resolvers.js';
import { createCollectionWatchRepo } from './collection-watch.repo.js';
import { collectionsJobs } from './collections.jobs.js';
import { collectionsRoutes, devWatchRoute } from './collections.routes.js';
import { createCollectionsService, type CollectionsService } from './collections.service.js';
import { createCollectionSharing, type CollectionSharing } from './collections.sharing.js';
import type { CollectionsSettings } from './collections.settings.js';
import { createCollectionWatch, type CollectionWatch } from './collections.watch.js';

/** The collections and their sharing, as resolvers and jobs reach them. */
export type CollectionsFeatureService = CollectionsService & {
  sharing: CollectionSharing;
  watch: CollectionWatch;
};

export type { CollectionDetail, CollectionMember, CollectionSummary } from './collections.model.js';
export type { CollectionsSettings } from './collections.settings.js';

/** Named, annotated, shareable collections of patents (ADR 0145). */
export function createCollectionsFeature(
  deps: FeatureDeps,
  settings: CollectionsSettings,
  others: { accounts: Pick<AccountsService, 'getAccount'>; mail: MailService },
): FeatureModule<CollectionsFeatureService, CollectionsContext> {
  const repo = createCollectionsRepo(deps.db);
  const shares = createCollectionSharesRepo(deps.db);
  const collections = createCollectionsService({
    repo,
    shares,
    ensureAccount: async (viewer) => {
      await others.accounts.getAccount(viewer);
    },
  });
  const sharing = createCollectionSharing({ repo, shares, collections, mail: others.mail });
  const watch = createCollectionWatch({
    repo: createCollectionWatchRepo(deps.db),
    mail: others.mail,
    clock: deps.clock,
    logger: deps.logger,
    configuredSecret: settings.appSecret,
  });
  const service: CollectionsFeatureService = { ...collections, sharing, watch };
  return {
    service,
    routes: [
      ...collectionsRoutes(collections, sharing, watch),
      ...(settings.localMail ? [devWatchRoute(watch)] : []),
    ],
    jobs: collectionsJobs(watch),
    resolvers: collectionsResolvers,
    accountLifecycle: {
      // A closed account's collections go at once (their links with them), and it stops being an
      // editor or viewer elsewhere; the purge repeats it for accounts closed before this existed.
      close: (uid) => shares.removeAccounts([uid]),
      purge: (uids) => shares.removeAccounts(uids),
    },
  };
}
