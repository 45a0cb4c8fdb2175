import { useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { sendEmailVerification, signInWithEmailAndPassword, signOut } from 'firebase/auth';
import Form from 'react-bootstrap/Form';
import { WITHOUT_AUTH } from '../../session/apollo';
import { useAuth } from '../../session/AuthProvider';
import { useToast } from '../../ui/Toasts';
import { RegisterDocument } from '../../__generated__/graphql';
import { isLongEnoughPassword, isValidEmail } from './validation';
import { DialogForm, type DialogProps } from './DialogForm';
import { EmailField } from './EmailField';
import { NameField, PasswordField } from './Field';
import { useIdentityCall } from './useIdentityCall';

const TEXTS = { titleId: 'register-title', title: 'Register with Email', submitLabel: 'Register' };

export function RegisterDialog(dialog: DialogProps) {
  const { onClose } = dialog;
  const { auth } = useAuth();
  const client = useApolloClient();
  const toast = useToast();
  const { busy, run } = useIdentityCall();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const valid = isValidEmail(email) && name.trim() !== '' && isLongEnoughPassword(password);

  const submit = () =>
    run(
      async () => {
        const input = { email: email.trim(), name: name.trim(), password };
        await client.mutate({ mutation: RegisterDocument, variables: { input }, ...WITHOUT_AUTH });
        // Sign in only long enough to send the verification e-mail; the user signs in once verified.
        const { user } = await signInWithEmailAndPassword(auth, input.email, password);
        await sendEmailVerification(user);
        await signOut(auth);
        toast({
          title: 'Success.',
          description: 'Please check your email to confirm your registration.',
          variant: 'success',
          duration: 5000,
        });
        setPassword('');
        onClose();
      },
      {
        log: 'Failed to register user',
        description: 'Something went wrong registering. Have you already signed up?',
      },
    );

  return (
    <DialogForm {...dialog} texts={TEXTS} canSubmit={valid} busy={busy} onSubmit={() => void submit()}>
      <EmailField controlId="register-email" value={email} onChange={setEmail} />
      <NameField
        className="mb-3"
        controlId="register-name"
        value={name}
        onChange={setName}
        help="This will be used throughout the app, and in emails."
        helpClassName="d-block"
      >
        <Form.Text className="d-block fst-italic">Eg: Welcome, Alice</Form.Text>
      </NameField>
      <PasswordField
        controlId="register-password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        help="Must be at least 6 characters."
      />
    </DialogForm>
  );
}
