import { useState } from 'react';
import { isValidEmail } from './validation';
import { DialogForm, type DialogProps } from './DialogForm';
import { EmailField } from './EmailField';
import { NameField } from './Field';
import { useIdentityCall } from './useIdentityCall';

export interface GoogleTestAccount {
  email: string;
  name: string;
}

const TEXTS = { titleId: 'google-chooser-title', title: 'Choose a Google account', submitLabel: 'Continue' };

interface Props extends DialogProps {
  onChoose: (account: GoogleTestAccount) => Promise<void>;
}

/**
 * Embedded mode's Google account chooser. The Auth emulator stands in for Google; its own popup
 * needs Google's scripts from the internet, so the app asks for the test account itself and signs
 * in with the emulator's documented fake Google credential.
 */
export function EmulatorGoogleDialog({ onChoose, ...dialog }: Props) {
  const { busy, run } = useIdentityCall();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const valid = isValidEmail(email);

  return (
    <DialogForm
      {...dialog}
      texts={TEXTS}
      canSubmit={valid}
      busy={busy}
      onSubmit={() => void run(() => onChoose({ email: email.trim(), name: name.trim() }))}
      lockedWhileBusy
    >
      <p className="small text-muted">
        This local copy runs the Firebase Auth emulator in place of Google: any address signs in as a test
        Google account, and the same address signs in to the same account next time.
      </p>
      <EmailField controlId="google-email" value={email} onChange={setEmail} label="Google e-mail" />
      <NameField controlId="google-name" value={name} onChange={setName} />
    </DialogForm>
  );
}
