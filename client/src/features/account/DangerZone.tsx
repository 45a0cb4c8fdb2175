import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useApolloClient } from '@apollo/client/react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useAuth } from '../../session/AuthProvider';
import { useSignOut } from '../../session/SignOutProvider';
import { useToast } from '../../ui/Toasts';
import { DeleteAccountDocument } from '../../__generated__/graphql';
import { PRODUCT_NAME } from '@patentscout/schema';

/** The spec's delete failure text (§8), appended to the failure toast. */
const DELETE_FAILED = 'Failed to delete your account';

/**
 * Deletes the account after a confirmation. The server closes it at once and removes the
 * identity-provider user; its rows are purged within 30 days.
 */
export function DangerZone({ email }: { email: string }) {
  const { auth } = useAuth();
  const client = useApolloClient();
  const { signOutNow } = useSignOut();
  const toast = useToast();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function deleteAccount() {
    setBusy(true);
    try {
      await client.mutate({
        mutation: DeleteAccountDocument,
        variables: { input: { email: auth.currentUser?.email ?? email } },
      });
    } catch (failure) {
      console.error(DELETE_FAILED, failure);
      toast({
        title: 'Failed',
        description: `Couldn't delete your account. Please try again later. ${DELETE_FAILED}`,
        variant: 'danger',
      });
      setBusy(false);
      return;
    }
    setConfirming(false);
    setBusy(false);
    toast({
      title: 'Deleted',
      description: `Successfully deleted your account. Thank you for using ${PRODUCT_NAME}.`,
      variant: 'success',
    });
    await signOutNow();
    void navigate('/');
  }

  return (
    <section aria-labelledby="danger-zone-title" className="mb-5">
      <Card border="danger" style={{ maxWidth: '32rem' }}>
        <Card.Body>
          <h2 id="danger-zone-title" className="h4 text-danger">
            Danger Zone
          </h2>
          <p className="small">
            Deleting your account can't be undone. Your data is removed from our system within 30 days.
          </p>
          <Button variant="outline-danger" onClick={() => setConfirming(true)}>
            Delete Account
          </Button>
        </Card.Body>
      </Card>
      <Modal
        show={confirming}
        onHide={busy ? undefined : () => setConfirming(false)}
        centered
        aria-labelledby="delete-account-title"
      >
        <Modal.Header closeButton={!busy} closeLabel="Close">
          <Modal.Title id="delete-account-title">Delete Account</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>Are you sure? This action can't be undone.</p>
          <p className="mb-0">
            Your account is closed straight away, and your data (favourites, saved searches and search
            history) is removed from our system within 30 days. A Discover subscription ends at once, with no
            further charge.
          </p>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => setConfirming(false)} disabled={busy} autoFocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void deleteAccount()} disabled={busy}>
            {busy ? (
              <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
            ) : null}
            Delete my account
          </Button>
        </Modal.Footer>
      </Modal>
    </section>
  );
}
