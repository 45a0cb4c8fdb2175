import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';

interface Props {
  email: string;
  name: string;
  /** Google-managed identities cannot be edited here. */
  googleUser: boolean;
}

const PASSWORD_MIN = 6;

/**
 * Account information. Saving needs an account-update operation the server does not offer yet,
 * so 'Save changes' stays disabled with a note instead of pretending to save.
 */
export function AccountInfoForm({ email, name, googleUser }: Props) {
  const [draft, setDraft] = useState({ email, name, password: '' });
  const changed = draft.email !== email || draft.name !== name || draft.password !== '';
  const passwordTooShort = draft.password !== '' && draft.password.length <= PASSWORD_MIN;

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
      <Form onSubmit={(event) => event.preventDefault()} style={{ maxWidth: '32rem' }}>
        <fieldset disabled={googleUser}>
          <Form.Group className="mb-3" controlId="account-email">
            <Form.Label>Email</Form.Label>
            <Form.Control
              type="email"
              autoComplete="email"
              value={draft.email}
              onChange={(e) => setDraft({ ...draft, email: e.target.value })}
            />
          </Form.Group>
          <Form.Group className="mb-3" controlId="account-name">
            <Form.Label>Name</Form.Label>
            <Form.Control
              type="text"
              autoComplete="name"
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              aria-describedby="account-name-help"
            />
            <Form.Text id="account-name-help">At least two characters, please.</Form.Text>
          </Form.Group>
          <Form.Group className="mb-3" controlId="account-password">
            <Form.Label>Password</Form.Label>
            <Form.Control
              type="password"
              autoComplete="new-password"
              placeholder="Leave blank to keep your password"
              value={draft.password}
              onChange={(e) => setDraft({ ...draft, password: e.target.value })}
            />
          </Form.Group>
          {passwordTooShort ? <Alert variant="danger">Password must be at least 6 characters</Alert> : null}
        </fieldset>
        <Button type="submit" variant="primary" disabled title="Coming soon" aria-describedby="save-note">
          Save changes
        </Button>
        <p id="save-note" className="small text-muted mt-2 mb-0">
          {changed
            ? 'Editing your account online is coming soon; your changes have not been saved.'
            : 'Editing your account online is coming soon.'}
        </p>
      </Form>
    </section>
  );
}
