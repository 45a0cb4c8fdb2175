import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { serverMessage } from '../../session/apiErrors';
import { useToast } from '../../ui/Toasts';
import {
  AddFavouriteDocument,
  FavouritesDocument,
  RemoveFavouriteDocument,
} from '../../__generated__/graphql';
import { useFavourites } from './useFavourites';

export interface FavouriteTarget {
  lens_id: string;
  doc_key: string;
  patent_title: string;
}

/** Saves or removes one patent, keeping the cached favourites list in step with the server. */
export function useFavouriteToggle(target: FavouriteTarget) {
  const toast = useToast();
  const { byLensId, loading: listLoading } = useFavourites();
  const favourite = byLensId.get(target.lens_id);
  const [busy, setBusy] = useState(false);
  const [add] = useMutation(AddFavouriteDocument, {
    update(cache, { data }) {
      const saved = data?.addFavourite.favourite;
      if (!saved) return;
      cache.updateQuery({ query: FavouritesDocument }, (current) =>
        current
          ? { favourites: [saved, ...current.favourites.filter((item) => item.id !== saved.id)] }
          : current,
      );
    },
  });
  const [remove] = useMutation(RemoveFavouriteDocument, {
    update(cache, { data }) {
      const removedId = data?.removeFavourite.id;
      if (!removedId) return;
      cache.updateQuery({ query: FavouritesDocument }, (current) =>
        current ? { favourites: current.favourites.filter((item) => item.id !== removedId) } : current,
      );
    },
  });

  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    try {
      if (favourite) {
        await remove({ variables: { input: { id: favourite.id } } });
        toast({ title: 'Deleted!', description: 'Patent removed from favourites.', variant: 'success' });
      } else {
        await add({
          variables: {
            input: { lens_id: target.lens_id, doc_key: target.doc_key, patent_title: target.patent_title },
          },
        });
        toast({ title: 'Saved!', description: 'Patent saved to favourites.', variant: 'success' });
      }
    } catch (failure) {
      const fallback = favourite
        ? 'Something went wrong deleting a favourite.'
        : 'Something went wrong creating a favourite.';
      console.error(fallback, failure);
      toast({ title: 'Error', description: serverMessage(failure) ?? fallback, variant: 'danger' });
    } finally {
      setBusy(false);
    }
  };

  return { isFavourite: Boolean(favourite), busy, ready: !listLoading, toggle };
}
