import { useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { sendEmailVerification, signInWithEmailAndPassword, signOut } from 'firebase/auth';
import Form from 'react-bootstrap/Form';
import { WITHOUT_AUTH } from '../../session/apollo';
import { useAuth } from '../../session/AuthProvider';
import { useToast } from '../../ui/Toasts';
import { RegisterDocument } from '../../__generated__/graphql';
import { isLongEnoughPassword, isValidEmail } from './validation';
import { DialogForm } from './DialogForm';
import { EmailField } from './EmailField';
import { Field } from './Field';
import { useIdentityCall } from './useIdentityCall';

export function RegisterDialog({ show, onClose }: { show: boolean; onClose: () => void }) {
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
        title: 'Error.',
        description: 'Something went wrong registering. Have you already signed up?',
      },
    );

  return (
    <DialogForm
      show={show}
      onClose={onClose}
      titleId="register-title"
      title="Register with Email"
      submitLabel="Register"
      canSubmit={valid}
      busy={busy}
      onSubmit={() => void submit()}
    >
      <EmailField controlId="register-email" value={email} onChange={setEmail} busy={busy} />
      <Field
        className="mb-3"
        controlId="register-name"
        label="Name"
        type="text"
        autoComplete="name"
        value={name}
        onChange={setName}
        busy={busy}
        describedBy="register-name-help"
      >
        <Form.Text id="register-name-help" className="d-block">
          This will be used throughout the app, and in emails.
        </Form.Text>
        <Form.Text className="d-block fst-italic">Eg: Welcome, Alice</Form.Text>
      </Field>
      <Field
        controlId="register-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        busy={busy}
        describedBy="register-password-help"
      >
        <Form.Text id="register-password-help">Must be at least 6 characters.</Form.Text>
      </Field>
    </DialogForm>
  );
}
