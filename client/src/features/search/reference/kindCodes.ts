import { describeKind } from '@patentscout/schema';

/** What a publication's kind code means ('B2' -> 'Granted patent'); the list lives in @patentscout/schema. */
export function kindDescription(kind: string | null | undefined): string {
  return describeKind(kind) ?? 'Unknown';
}
