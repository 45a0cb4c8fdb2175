import { useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import {
  EmailAuthProvider,
  reauthenticateWithCredential,
  updatePassword,
  updateProfile,
  verifyBeforeUpdateEmail,
} from 'firebase/auth';
import { useAccount } from '../../session/AccountProvider';
import { useAuth } from '../../session/AuthProvider';
import { useSignOut } from '../../session/SignOutProvider';
import { reportFailure } from '../../session/serviceStatus';
import { useToast } from '../../ui/Toasts';
import { UpdateAccountDocument } from '../../__generated__/graphql';

export interface AccountDraft {
  email: string;
  name: string;
  password: string;
}

/** What the page does next: stay in the dialog, go on signed in, or start again signed out. */
export type UpdateOutcome = 'failed' | 'saved' | 'signed-out';

/** The spec's update failure text (§8), which the failure toast appends for the server's refusal. */
const UPDATE_FAILED = 'Failed to update user';

function describe(failure: unknown): string {
  const code = (failure as { code?: unknown }).code;
  if (code === 'auth/wrong-password' || code === 'auth/invalid-credential')
    return 'The current password is not right.';
  if (code === 'auth/email-already-in-use') return 'That e-mail address belongs to another account.';
  if (code === 'auth/invalid-email') return 'That e-mail address is not valid.';
  return failure instanceof Error ? failure.message : String(failure);
}

/**
 * The spec's account update, in its order: re-authenticate, then the display name, the e-mail
 * (a verification link to the new address; the account row follows once it is confirmed), the
 * server's row, and last the password, which signs the user out.
 */
export function useAccountUpdate(current: { email: string; name: string }) {
  const { auth } = useAuth();
  const client = useApolloClient();
  const { reload } = useAccount();
  const { signOutNow } = useSignOut();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  async function save(draft: AccountDraft, currentPassword: string): Promise<UpdateOutcome> {
    const user = auth.currentUser;
    if (!user?.email) return 'failed';
    const name = draft.name.trim();
    const email = draft.email.trim();
    setBusy(true);
    try {
      await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, currentPassword));
      if (name !== current.name) {
        await updateProfile(user, { displayName: name });
        toast({ title: 'Updated.', description: 'Your name is updated.', variant: 'success' });
      }
      if (email !== current.email) {
        await verifyBeforeUpdateEmail(user, email, { url: `${window.location.origin}/account` });
        toast({
          title: 'Pending.',
          description: `We sent a link to ${email}. Your e-mail address changes once you follow it.`,
          variant: 'info',
        });
      }
      // The spec's payload is both fields (§7: PATCH /api/users {email, name}); the server takes
      // a new e-mail only once the identity provider has it, after the user's confirmation.
      if (name !== current.name || email !== current.email) {
        await client
          .mutate({ mutation: UpdateAccountDocument, variables: { input: { email, name } } })
          .catch((failure: unknown) => {
            throw new Error(UPDATE_FAILED, { cause: failure });
          });
        await reload();
      }
      if (draft.password) {
        await updatePassword(user, draft.password);
        toast({
          title: 'Updated.',
          description: 'Your password is changed. Please sign in again.',
          variant: 'success',
        });
        await signOutNow();
        return 'signed-out';
      }
      return 'saved';
    } catch (failure) {
      console.error(UPDATE_FAILED, failure);
      // The identity service out of reach (re-authentication) raises the service notice too.
      reportFailure(failure);
      toast({
        title: 'Failed.',
        description: `Couldn't update your account. Please try again later. ${describe(failure)}`,
        variant: 'danger',
      });
      return 'failed';
    } finally {
      setBusy(false);
    }
  }

  return { save, busy };
}
