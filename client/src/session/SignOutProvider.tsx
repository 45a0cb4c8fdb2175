import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { signOut } from 'firebase/auth';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useAuth } from './AuthProvider';

interface SignOutContextValue {
  /** Opens the 'Sign out' confirmation. */
  requestSignOut: () => void;
  /** Signs out straight away and forgets every cached answer of the previous user. */
  signOutNow: () => Promise<void>;
}

const SignOutContext = createContext<SignOutContextValue | null>(null);

export function SignOutProvider({ children }: { children: ReactNode }) {
  const { auth } = useAuth();
  const client = useApolloClient();
  const [open, setOpen] = useState(false);

  const signOutNow = useCallback(async () => {
    try {
      await signOut(auth);
      await client.clearStore();
    } catch (failure) {
      // The spec only logs sign-out failures.
      console.error('Sign-out failed', failure);
    }
  }, [auth, client]);

  const confirm = async () => {
    setOpen(false);
    await signOutNow();
  };

  const value = useMemo(() => ({ requestSignOut: () => setOpen(true), signOutNow }), [signOutNow]);

  return (
    <SignOutContext.Provider value={value}>
      {children}
      <Modal show={open} onHide={() => setOpen(false)} centered aria-labelledby="sign-out-title">
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id="sign-out-title">Sign out</Modal.Title>
        </Modal.Header>
        <Modal.Body>Are you sure you want to sign out?</Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => setOpen(false)} autoFocus>
            No
          </Button>
          <Button variant="primary" onClick={() => void confirm()}>
            Yes
          </Button>
        </Modal.Footer>
      </Modal>
    </SignOutContext.Provider>
  );
}

export function useSignOut(): SignOutContextValue {
  const value = useContext(SignOutContext);
  if (!value) throw new Error('useSignOut must be used inside <SignOutProvider>.');
  return value;
}
