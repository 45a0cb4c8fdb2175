import { useMemo } from 'react';
import { useQuery } from '@apollo/client/react';
import { z } from 'zod';
import type { FavouritesQuery } from '../../__generated__/graphql';
import { useAuth } from '../../session/AuthProvider';
import { FavouritesDocument } from '../../__generated__/graphql';

export type Favourite = FavouritesQuery['favourites'][number];

const FavouritesSchema = z
  .array(z.object({ id: z.string(), doc_key: z.string(), patent_title: z.string(), lens_id: z.string() }))
  .nullable();

/** The signed-in user's favourites, checked the way the spec asks ('Invalid favourites data'). */
export function useFavourites() {
  const { authed } = useAuth();
  const { data, loading, error, refetch } = useQuery(FavouritesDocument, { skip: !authed });

  return useMemo(() => {
    const parsed = FavouritesSchema.safeParse(data?.favourites ?? null);
    const favourites: Favourite[] = parsed.success ? (parsed.data ?? []) : [];
    const invalid = data !== undefined && !parsed.success;
    const byLensId = new Map(favourites.map((favourite) => [favourite.lens_id, favourite]));
    return {
      favourites,
      byLensId,
      loading,
      error: error ?? (invalid ? new Error('Invalid favourites data') : undefined),
      refetch,
    };
  }, [data, loading, error, refetch]);
}
