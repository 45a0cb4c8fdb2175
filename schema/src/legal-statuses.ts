/**
 * Legal statuses as stored (`patents.patent_status`) and as the filters send them. The filter
 * values are the specification's lower-case words; the stored values are the provider's
 * upper-case enums.
 */
export const LEGAL_STATUSES = [
  {
    value: 'active',
    stored: 'ACTIVE',
    label: 'Active',
    help: 'Granted and in force: maintenance fees are paid and the term has not ended.',
  },
  {
    value: 'inactive',
    stored: 'INACTIVE',
    label: 'Inactive',
    help: 'No longer in force for a reason other than expiry or lapse, for example revocation.',
  },
  {
    value: 'expired',
    stored: 'EXPIRED',
    label: 'Expired',
    help: 'Granted, but its full term has ended; anyone may now use the invention.',
  },
  {
    value: 'discontinued',
    stored: 'DISCONTINUED',
    label: 'Discontinued',
    help: 'Lapsed or abandoned: fees were not paid or prosecution was not pursued.',
  },
  {
    value: 'patented',
    stored: 'PATENTED',
    label: 'Patented',
    help: 'A grant was published; whether it is still in force is not known.',
  },
  {
    value: 'withdrawn or rejected',
    stored: 'WITHDRAWN_OR_REJECTED',
    label: 'Rejected / Withdrawn',
    help: 'The application was refused by the office or withdrawn by the applicant.',
  },
  {
    value: 'pending',
    stored: 'PENDING',
    label: 'Pending',
    help: 'An application still under examination; no patent has been granted yet.',
  },
  {
    value: 'unknown',
    stored: 'UNKNOWN',
    label: 'Unknown',
    help: 'The office has not reported a status that we can read.',
  },
] as const;

export type LegalStatusValue = (typeof LEGAL_STATUSES)[number]['value'];
export type StoredPatentStatus = (typeof LEGAL_STATUSES)[number]['stored'];

/** Maps a filter value or a provider status (any case, spaces or underscores) to the stored enum. */
export function toStoredPatentStatus(input: string): StoredPatentStatus | undefined {
  const key = input
    .trim()
    .toUpperCase()
    .replace(/[\s/]+/g, '_');
  if (key === 'WITHDRAWN' || key === 'REJECTED' || key === 'REJECTED_WITHDRAWN')
    return 'WITHDRAWN_OR_REJECTED';
  return LEGAL_STATUSES.find((status) => status.stored === key)?.stored;
}
