import { useQuery } from '@apollo/client/react';
import { graphql } from '../../__generated__';
import { MeaningState } from '../../__generated__/graphql';

export const MEANING_STATUS = graphql(`
  query MeaningStatus {
    meaningStatus {
      state
      patents
      embedded
    }
  }
`);

export interface MeaningStatus {
  state: MeaningState;
  patents: number;
  embedded: number;
}

/** The corpus's meaning as the server counts it (every 15 s); undefined while asked or unknown. */
export function useMeaningStatus(): MeaningStatus | undefined {
  const { data } = useQuery(MEANING_STATUS, { fetchPolicy: 'cache-and-network' });
  return data?.meaningStatus;
}

const share = ({ patents, embedded }: MeaningStatus) =>
  `${embedded.toLocaleString('en')} of ${patents.toLocaleString('en')} patents so far`;

/** What a page says while AI search finds by words alone (ADR 0171); null once meaning is ready. */
export function meaningNoteText(status: MeaningStatus | undefined): string | null {
  if (!status || status.state === MeaningState.Ready || status.patents === 0) return null;
  if (status.state !== MeaningState.Building)
    return 'Search by meaning is not available yet. Results are found by their words alone.';
  // Patents that have their meaning are found by it already: only the others wait.
  return status.embedded > 0
    ? `Search by meaning is still being prepared (${share(status)}). Until then, patents without it are found by their words alone.`
    : `Search by meaning is still being prepared (${share(status)}). Until it is ready, results are found by their words alone.`;
}

/** Why Similar patents is empty, when meaning is the reason. */
export function similarEmptyText(status: MeaningStatus | undefined): string {
  if (!status || status.state === MeaningState.Ready || status.patents === 0)
    return 'No similar patents are known yet.';
  return status.state === MeaningState.Building
    ? `Similar patents appear once the meaning of the patents is prepared (${share(status)}).`
    : 'Similar patents appear once the meaning of the patents is prepared.';
}

/** A calm note beside a search's explanation while meaning is missing or building. */
export function MeaningNote({ status }: { status: MeaningStatus | undefined }) {
  const text = meaningNoteText(status);
  if (!text) return null;
  return (
    <p className="small text-body-secondary mb-2" role="note" data-testid="meaning-note">
      {text}
    </p>
  );
}
