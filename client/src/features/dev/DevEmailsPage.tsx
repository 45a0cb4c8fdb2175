import { useCallback, useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useAppConfig } from '../../session/AppConfigContext';
import { useToast } from '../../ui/Toasts';
import { AuthLinksSection } from './AuthLinksSection';
import {
  fetchAuthEmails,
  fetchOutbox,
  sendWeeklyDigestsNow,
  type AuthEmail,
  type OutboxEntry,
} from './devApi';
import { OutboxSection } from './OutboxSection';

/** Embedded mode only: the mail the app sent (to its local SMTP server) and the emulator's links. */
export function DevEmailsPage() {
  const { embedded } = useAppConfig();
  const [messages, setMessages] = useState<OutboxEntry[] | null>(null);
  const [emails, setEmails] = useState<AuthEmail[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const toast = useToast();

  const refresh = useCallback(async () => {
    setLoading(true);
    try {
      const [outbox, authEmails] = await Promise.all([fetchOutbox(), fetchAuthEmails()]);
      setMessages(outbox);
      setEmails(authEmails);
      setError(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setLoading(false);
    }
  }, []);

  const sendDigests = async () => {
    try {
      const { users, mails } = await sendWeeklyDigestsNow();
      toast({
        title: 'Weekly digests sent.',
        description: `${mails} ${mails === 1 ? 'digest' : 'digests'} for ${users} ${users === 1 ? 'user' : 'users'} with saved searches or watched collections.`,
        variant: 'success',
      });
      // The mail job sends them a moment later.
      window.setTimeout(() => void refresh(), 1500);
    } catch (failure) {
      toast({
        title: 'Error.',
        description: failure instanceof Error ? failure.message : String(failure),
        variant: 'danger',
      });
    }
  };

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
        <div className="d-flex gap-2">
          <Button variant="outline-secondary" onClick={() => void sendDigests()}>
            Send this week's digests now
          </Button>
          <Button variant="outline-primary" onClick={() => void refresh()} disabled={loading}>
            {loading ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
            Refresh
          </Button>
        </div>
      </div>
      <p className="text-muted">
        In embedded mode no e-mail leaves this machine: the app sends it to its own SMTP server, and it lands
        here.
      </p>
      {error ? <Alert variant="danger">{error}</Alert> : null}
      <OutboxSection messages={messages} />
      <AuthLinksSection emails={emails} />
    </>
  );
}
