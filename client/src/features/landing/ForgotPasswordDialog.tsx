import { useState } from 'react';
import { sendPasswordResetEmail } from 'firebase/auth';
import { useAuth } from '../../session/AuthProvider';
import { useToast } from '../../ui/Toasts';
import { isValidEmail } from './validation';
import { DialogForm, type DialogProps } from './DialogForm';
import { EmailField } from './EmailField';
import { useIdentityCall } from './useIdentityCall';

const TEXTS = { titleId: 'forgot-password-title', title: 'Forgot password', submitLabel: 'Send' };

export function ForgotPasswordDialog(dialog: DialogProps) {
  const { onClose } = dialog;
  const { auth } = useAuth();
  const toast = useToast();
  const { busy, run } = useIdentityCall();
  const [email, setEmail] = useState('');
  const valid = isValidEmail(email);

  const submit = () =>
    run(
      async () => {
        // The reset page links back to the site once the new password is set.
        await sendPasswordResetEmail(auth, email.trim(), { url: `${window.location.origin}/` });
        toast({
          title: 'Password Reset Email Sent',
          description: 'Check your inbox for instructions.',
          variant: 'success',
        });
        onClose();
      },
      {
        log: 'Sending the password reset e-mail failed',
        title: 'Error',
        description: 'Failed to send password reset email.',
      },
    );

  return (
    <DialogForm {...dialog} texts={TEXTS} canSubmit={valid} busy={busy} onSubmit={() => void submit()}>
      <p className="text-muted">
        Enter the e-mail you signed up with and we'll send you a link to reset your password.
      </p>
      <EmailField controlId="forgot-password-email" value={email} onChange={setEmail} className="" />
    </DialogForm>
  );
}
