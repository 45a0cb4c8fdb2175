import { useCallback, useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { z } from 'zod';
import { useAppConfig } from '../../app/AppConfigContext';

const AuthEmailsSchema = z.object({
  emails: z.array(z.object({ email: z.string(), kind: z.string(), link: z.string() })),
});

type AuthEmail = z.infer<typeof AuthEmailsSchema>['emails'][number];

async function fetchAuthEmails(): Promise<AuthEmail[]> {
  const response = await fetch('/dev/auth-emails', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`The e-mail list could not be loaded (status ${response.status}).`);
  const parsed = AuthEmailsSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error('The e-mail list is malformed.');
  return parsed.data.emails;
}

/** Embedded mode only: the Firebase Auth emulator's latest e-mail links, since no real mail is sent. */
export function DevEmailsPage() {
  const { embedded } = useAppConfig();
  const [emails, setEmails] = useState<AuthEmail[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const refresh = useCallback(async () => {
    setLoading(true);
    try {
      setEmails(await fetchAuthEmails());
      setError(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (embedded) void refresh();
  }, [embedded, refresh]);

  if (!embedded) {
    return (
      <Alert variant="info">
        The development e-mail inbox is only available when the app runs in embedded mode.
      </Alert>
    );
  }

  return (
    <>
      <div className="d-flex align-items-center justify-content-between mb-2">
        <h1 className="h3 mb-0">Development e-mail inbox</h1>
        <Button variant="outline-primary" onClick={() => void refresh()} disabled={loading}>
          {loading ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
          Refresh
        </Button>
      </div>
      <p className="text-muted">
        In embedded mode no real e-mail is sent. These are the latest links the Firebase Auth emulator would
        have e-mailed (verification, password reset, sign-in links), newest first. Open a link to act on it.
      </p>
      {error ? <Alert variant="danger">{error}</Alert> : null}
      {emails && emails.length === 0 ? <p>No e-mails yet.</p> : null}
      {emails && emails.length > 0 ? (
        <Table responsive striped size="sm" className="align-middle">
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Kind</th>
              <th scope="col">Link</th>
            </tr>
          </thead>
          <tbody>
            {emails.map((item, index) => (
              <tr key={`${item.link}-${index}`}>
                <td>{item.email}</td>
                <td>{item.kind}</td>
                <td>
                  <a href={item.link}>Open link</a>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
    </>
  );
}
