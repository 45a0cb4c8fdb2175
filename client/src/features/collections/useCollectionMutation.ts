import { useMutation } from '@apollo/client/react';
import type { TypedDocumentNode } from '@apollo/client';
import { serverMessage } from '../../session/apiErrors';
import { useToast } from '../../ui/Toasts';

/** The collection queries a change may alter; refetched (and awaited) after every change. */
const AFFECTED: readonly string[] = ['Collections', 'Collection', 'SharedCollection', 'CollectionNotes'];

/**
 * A collections mutation that refetches what it changed (`affected`, by default every collections
 * query) and says what happened in a toast: `success` on success, the server's own words (or
 * `failure`) when it was refused.
 */
export function useCollectionMutation<Data, Variables extends Record<string, unknown>>(
  mutation: TypedDocumentNode<Data, Variables>,
  affected = AFFECTED,
) {
  const toast = useToast();
  const [mutate, state] = useMutation<Data, Variables>(mutation, {
    refetchQueries: [...affected],
    awaitRefetchQueries: true,
  });
  async function run(variables: Variables, messages: { success?: string; failure: string }) {
    try {
      // Every collections mutation takes variables; Apollo's tuple type cannot see that generically.
      const send = mutate as (options: { variables: Variables }) => Promise<{ data?: Data | null }>;
      const { data } = await send({ variables });
      if (messages.success) toast({ title: 'Done.', description: messages.success, variant: 'success' });
      return data ?? undefined;
    } catch (error) {
      console.error(messages.failure, error);
      toast({ title: 'Error', description: serverMessage(error) ?? messages.failure, variant: 'danger' });
      return undefined;
    }
  }
  return { run, busy: state.loading };
}
