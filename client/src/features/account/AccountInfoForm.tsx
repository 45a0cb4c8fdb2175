import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ReauthenticateDialog } from './ReauthenticateDialog';
import { useAccountUpdate, type AccountDraft } from './useAccountUpdate';

interface Props {
  email: string;
  name: string;
  /** Google-managed identities cannot be edited here. */
  googleUser: boolean;
}

/** The spec's rule: a new password of at most this many characters is refused (§5). */
const PASSWORD_MAX_REFUSED = 6;

/** What saving found wrong with the draft; shown once Save is pressed, cleared by the next edit. */
interface Problems {
  passwordTooShort: boolean;
  emailMissing: boolean;
  nameMissing: boolean;
}
const NO_PROBLEMS: Problems = { passwordTooShort: false, emailMissing: false, nameMissing: false };

export function AccountInfoForm({ email, name, googleUser }: Props) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<AccountDraft>({ email, name, password: '' });
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [confirming, setConfirming] = useState(false);
  const { save, busy } = useAccountUpdate({ email, name });
  // The spec: 'Save changes' is enabled as soon as the name, e-mail or password differs.
  const changed = draft.email.trim() !== email || draft.name.trim() !== name || draft.password !== '';

  const edit = (patch: Partial<AccountDraft>) => {
    setDraft({ ...draft, ...patch });
    setProblems(NO_PROBLEMS);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!changed) return;
    const found: Problems = {
      passwordTooShort: draft.password !== '' && draft.password.length <= PASSWORD_MAX_REFUSED,
      emailMissing: draft.email.trim() === '',
      // Not the two-character hint (the spec does not enforce it): a name must only not be empty.
      nameMissing: draft.name.trim() === '',
    };
    setProblems(found);
    if (!found.passwordTooShort && !found.emailMissing && !found.nameMissing) setConfirming(true);
  }

  async function confirm(currentPassword: string) {
    const outcome = await save(draft, currentPassword);
    if (outcome === 'failed') return;
    setConfirming(false);
    if (outcome === 'signed-out') void navigate('/');
    else void navigate('/home');
  }

  return (
    <section aria-labelledby="account-info-title" className="mb-5">
      <h2 id="account-info-title" className="h4">
        Account information
      </h2>
      {googleUser ? (
        <Alert variant="warning">
          You signed in with Google, so your e-mail, name and password are managed by your Google account.
        </Alert>
      ) : null}
      <Form onSubmit={submit} style={{ maxWidth: '32rem' }} noValidate>
        <fieldset disabled={googleUser}>
          <Form.Group className="mb-3" controlId="account-email">
            <Form.Label>Email</Form.Label>
            <Form.Control
              type="email"
              autoComplete="email"
              value={draft.email}
              onChange={(e) => edit({ email: e.target.value })}
              isInvalid={problems.emailMissing}
            />
            <Form.Control.Feedback type="invalid">Please enter your e-mail address.</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId="account-name">
            <Form.Label>Name</Form.Label>
            <Form.Control
              type="text"
              autoComplete="name"
              value={draft.name}
              onChange={(e) => edit({ name: e.target.value })}
              isInvalid={problems.nameMissing}
              aria-describedby="account-name-help"
            />
            <Form.Text id="account-name-help">At least two characters, please.</Form.Text>
            <Form.Control.Feedback type="invalid">Please enter your name.</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId="account-password">
            <Form.Label>Password</Form.Label>
            <Form.Control
              type="password"
              autoComplete="new-password"
              placeholder="Leave blank to keep your password"
              value={draft.password}
              onChange={(e) => edit({ password: e.target.value })}
            />
          </Form.Group>
          {problems.passwordTooShort ? (
            <Alert variant="danger" role="alert">
              Password must be at least 6 characters
            </Alert>
          ) : null}
        </fieldset>
        <Button type="submit" variant="primary" disabled={googleUser || !changed}>
          Save changes
        </Button>
      </Form>
      <ReauthenticateDialog
        show={confirming}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={(currentPassword) => void confirm(currentPassword)}
      />
    </section>
  );
}
