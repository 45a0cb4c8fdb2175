import type { AccountsService } from '../accounts/index.js';
import type { FeatureDeps, FeatureModule } from '../feature-module.js';
import type { MailService } from '../mail/index.js';
import { createCollectionSharesRepo } from './collection-shares.repo.js';
import { createCollectionsRepo } from './collections.repo.js';
import { collectionsResolvers } from './collections.resolvers.js';
import { collectionsRoutes } from './collections.routes.js';
import { createCollectionsService, type CollectionsService } from './collections.service.js';
import { createCollectionSharing, type CollectionSharing } from './collections.sharing.js';

/** The collections and their sharing, as resolvers and jobs reach them. */
export type CollectionsFeatureService = CollectionsService & { sharing: CollectionSharing };

export type { CollectionDetail, CollectionMember, CollectionSummary } from './collections.model.js';

/** Named, annotated, shareable collections of patents (ADR 0145). */
export function createCollectionsFeature(
  deps: FeatureDeps,
  others: { accounts: Pick<AccountsService, 'getAccount'>; mail: MailService },
): FeatureModule<CollectionsFeatureService> {
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
  const service: CollectionsFeatureService = { ...collections, sharing };
  return {
    service,
    routes: collectionsRoutes(collections, sharing),
    resolvers: collectionsResolvers,
    accountLifecycle: {
      // A closed account's collections go at once (their links with them), and it stops being an
      // editor or viewer elsewhere; the purge repeats it for accounts closed before this existed.
      close: (uid) => shares.removeAccounts([uid]),
      purge: (uids) => shares.removeAccounts(uids),
    },
  };
}
