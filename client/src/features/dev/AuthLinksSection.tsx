import Table from 'react-bootstrap/Table';
import type { AuthEmail } from './devApi';

/** The links the Firebase Auth emulator would have e-mailed; it sends no mail itself. */
export function AuthLinksSection({ emails }: { emails: AuthEmail[] | null }) {
  return (
    <section aria-labelledby="auth-links-heading" className="mb-4">
      <h2 id="auth-links-heading" className="h5">
        Sign-in links
      </h2>
      <p className="text-muted">
        The latest links the Firebase Auth emulator would have e-mailed (verification, password reset, sign-in
        links), newest first. Open a link to act on it.
      </p>
      {emails && emails.length === 0 ? <p>No sign-in links yet.</p> : null}
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
    </section>
  );
}
