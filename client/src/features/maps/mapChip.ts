import type { ResultMap_MapFragment } from '../../__generated__/graphql';
import type { MapSelection } from './mapGeometry';

/**
 * What the "Refine" chip of a map selection says, the same on the results, a collection and a
 * landscape: a region by its number, words and size; a lasso by how many patents it holds.
 */
export function mapChipText(
  selection: MapSelection | null,
  map: Pick<ResultMap_MapFragment, 'regions'> | null,
  held: number | null,
): string | null {
  if (!selection) return null;
  if ('lasso' in selection) return `Map lasso: ${held ?? '…'} patents`;
  const region = map?.regions.find((candidate) => candidate.id === selection.region);
  return `Map region ${selection.region + 1}${region ? `: ${region.words.join(', ')} (${region.size})` : ''}`;
}
