import type { AppConfig } from './config.js';
import type { Db } from './db/client.js';
import { createAccountsRepo, createAccountsService } from './features/accounts/index.js';
import { createFavouritesRepo, createFavouritesService } from './features/favourites/index.js';
import { createPatentsRepo, createPatentsService } from './features/patents/index.js';
import { createSearchRepo, createSearchService, createTermStatsSource } from './features/search/index.js';
import type { Clock } from './shared/clock.js';
import type { IdentityProvider } from './shared/identity.js';

/** Wires every feature's service to its repository and collaborators; no framework involved. */
export function createServices(deps: {
  db: Db;
  identity: IdentityProvider;
  clock: Clock;
  config: AppConfig;
}) {
  const { db, identity, clock, config } = deps;
  const accountsRepo = createAccountsRepo(db);
  const accounts = createAccountsService({ repo: accountsRepo, identity });
  const search = createSearchService({
    repo: createSearchRepo(db),
    clock,
    maxResults: config.search.maxResults,
    freeSearchesPerMonth: config.search.freeSearchesPerMonth,
    subscriptionStatusOf: async (uid) => (await accountsRepo.findByUid(uid))?.subscription_status ?? null,
    termStats: createTermStatsSource(db, clock),
  });
  const patents = createPatentsService({ repo: createPatentsRepo(db) });
  const favourites = createFavouritesService({
    repo: createFavouritesRepo(db),
    ensureAccount: async (viewer) => {
      await accounts.getAccount(viewer);
    },
  });
  return { accounts, search, patents, favourites };
}

export type Services = ReturnType<typeof createServices>;
