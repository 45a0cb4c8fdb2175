import { z } from 'zod';
import { AppError } from '../../shared/errors.js';
import { parseInput } from '../../shared/validation.js';
import type { Viewer } from '../accounts/index.js';
import type { FavouritesRepo } from './favourites.repo.js';
import { assertVerified } from '../../shared/viewer.js';

export interface Favourite {
  id: string;
  doc_key: string;
  patent_title: string;
  lens_id: string;
}

const AddFavouriteInput = z.object({
  doc_key: z.string().trim().min(1, 'doc_key is required.').max(200),
  patent_title: z.string().trim().max(1000).default(''),
  lens_id: z.string().trim().min(1, 'lens_id is required.').max(200),
});

const FavouriteId = z.string().uuid('That favourite id is not valid.');

export interface FavouritesService {
  list(viewer: Viewer | null): Promise<Favourite[]>;
  add(viewer: Viewer | null, input: unknown): Promise<Favourite>;
  remove(viewer: Viewer | null, id: unknown): Promise<{ id: string }>;
}

export function createFavouritesService(deps: {
  repo: FavouritesRepo;
  ensureAccount: (viewer: Viewer) => Promise<void>;
}): FavouritesService {
  const { repo } = deps;
  const toFavourite = (row: Favourite): Favourite => ({
    id: row.id,
    doc_key: row.doc_key,
    patent_title: row.patent_title,
    lens_id: row.lens_id,
  });

  return {
    async list(viewer: Viewer | null): Promise<Favourite[]> {
      assertVerified(viewer);
      return (await repo.listByUser(viewer.uid)).map(toFavourite);
    },

    async add(viewer: Viewer | null, input: unknown): Promise<Favourite> {
      assertVerified(viewer);
      const favourite = parseInput(AddFavouriteInput, input);
      await deps.ensureAccount(viewer);
      return toFavourite(await repo.upsert({ user_uid: viewer.uid, ...favourite }));
    },

    async remove(viewer: Viewer | null, id: unknown): Promise<{ id: string }> {
      assertVerified(viewer);
      const favouriteId = parseInput(FavouriteId, id);
      if (!(await repo.deleteOwned(viewer.uid, favouriteId)))
        throw new AppError('FAVOURITE_NOT_FOUND', 'That favourite was not found.');
      return { id: favouriteId };
    },
  };
}
