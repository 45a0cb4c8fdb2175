import { useState } from 'react';
import {
  sendEmailVerification,
  sendSignInLinkToEmail,
  signInWithEmailAndPassword,
  signOut,
} from 'firebase/auth';
import Button from 'react-bootstrap/Button';
import { useAuth } from '../../session/AuthProvider';
import { useToast } from '../../ui/Toasts';
import { EMAIL_FOR_SIGN_IN_KEY } from './useEmailLinkSignIn';
import { isLongEnoughPassword, isValidEmail } from './validation';
import { DialogForm, type DialogProps } from './DialogForm';
import { EmailField } from './EmailField';
import { PasswordField } from './Field';
import { useIdentityCall } from './useIdentityCall';
import { useFocusAcrossBusy } from '../../ui/useFocusAcrossBusy';

const TEXTS = { titleId: 'sign-in-title', title: 'Sign in with Email', submitLabel: 'Sign in' };

interface Props extends DialogProps {
  onForgotPassword: () => void;
}

export function SignInDialog({ onForgotPassword, ...dialog }: Props) {
  const { onClose } = dialog;
  const { auth } = useAuth();
  const toast = useToast();
  const { busy, run } = useIdentityCall();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const valid = isValidEmail(email) && isLongEnoughPassword(password);
  // The fields wait while a sign-in runs; after a failure the user is back where they typed.
  useFocusAcrossBusy(busy);

  const submit = () =>
    run(
      async () => {
        const { user } = await signInWithEmailAndPassword(auth, email.trim(), password);
        if (user.emailVerified) {
          toast({ title: 'Welcome back.', description: "You're signed in.", variant: 'success' });
          setPassword('');
          onClose();
        } else {
          await sendEmailVerification(user);
          toast({
            title: 'Verification Needed',
            description:
              'Your sign in was successful, but you need to verify your account before proceeding.',
            variant: 'warning',
          });
          await signOut(auth);
        }
      },
      { log: 'E-mail sign-in failed', description: "That didn't work. Try again?" },
    );

  const sendSignInLink = () => {
    if (!isValidEmail(email)) return;
    const address = email.trim();
    return run(
      async () => {
        await sendSignInLinkToEmail(auth, address, {
          url: `${window.location.origin}/`,
          handleCodeInApp: true,
        });
        window.localStorage.setItem(EMAIL_FOR_SIGN_IN_KEY, address);
        toast({
          title: 'Sign-in link sent.',
          description: `Check ${address} and follow the link to sign in.`,
          variant: 'success',
        });
        onClose();
      },
      { log: 'Sending the sign-in link failed', description: "Couldn't send the sign-in link. Try again?" },
    );
  };

  return (
    <DialogForm {...dialog} texts={TEXTS} canSubmit={valid} busy={busy} onSubmit={() => void submit()}>
      <EmailField controlId="sign-in-email" value={email} onChange={setEmail} />
      <PasswordField
        className="mb-2"
        controlId="sign-in-password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      <a
        href="#forgot-password"
        className="link-primary small"
        onClick={(event) => {
          event.preventDefault();
          onForgotPassword();
        }}
      >
        Forgot password?
      </a>
      <p className="small text-muted mt-3 mb-0">
        No password at hand?{' '}
        <Button
          variant="link"
          size="sm"
          className="p-0 align-baseline"
          onClick={() => void sendSignInLink()}
          disabled={!isValidEmail(email) || busy}
        >
          E-mail me a sign-in link
        </Button>
      </p>
    </DialogForm>
  );
}
