import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { RegisterDialog } from './RegisterDialog';
import { SignInDialog } from './SignInDialog';
import { isLongEnoughPassword, isValidEmail } from './validation';
import { ServiceNotice } from '../../session/ServiceNotice';

// The dialogs read the Firebase Auth instance from context; the identity calls are Firebase's.
vi.mock('../../session/AuthProvider', () => ({ useAuth: () => ({ auth: {} }) }));
const identityUnreachable = Object.assign(new Error('Firebase: Error (auth/network-request-failed).'), {
  code: 'auth/network-request-failed',
});
vi.mock('firebase/auth', () => ({
  signInWithEmailAndPassword: vi.fn(() => Promise.reject(identityUnreachable)),
  sendPasswordResetEmail: vi.fn(() => Promise.reject(identityUnreachable)),
  sendSignInLinkToEmail: vi.fn(() => Promise.reject(identityUnreachable)),
  sendEmailVerification: vi.fn(),
  signOut: vi.fn(),
}));

/** The dialog's submit button, found by its type: its label is what a test may be checking. */
const submitButton = () =>
  screen.getAllByRole('button').find((button) => button.getAttribute('type') === 'submit')!;

describe('the sign-in dialogs validate before anything is sent', () => {
  it('checks addresses and passwords as the spec says', () => {
    expect(isValidEmail(' ada@example.com ')).toBe(true);
    expect(isValidEmail('ada@example')).toBe(false);
    expect(isValidEmail('ada example.com')).toBe(false);
    expect(isLongEnoughPassword('123456')).toBe(false);
    expect(isLongEnoughPassword('1234567')).toBe(true);
  });

  it('enables Register only with a valid e-mail, a name and a long enough password', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegisterDialog show onClose={() => undefined} />);
    const register = await screen.findByRole('button', { name: 'Register' });
    expect(screen.getByText('Must be at least 6 characters.')).toBeInTheDocument();
    expect(register).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Password'), '123456');
    expect(register).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), '7');
    expect(register).toBeEnabled();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), '   ');
    expect(register).toBeDisabled();
  });

  it('enables Sign in only with a valid e-mail and password', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignInDialog show onClose={() => undefined} onForgotPassword={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Sign in with Email' });
    const submit = submitButton();
    expect(dialog).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    expect(submit).toBeDisabled();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    expect(submit).toBeEnabled();
  });

  it('enables the password reset only with a valid e-mail', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ForgotPasswordDialog show onClose={() => undefined} />);
    await screen.findByRole('dialog', { name: 'Forgot password' });
    const submit = submitButton();
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    expect(submit).toBeEnabled();
  });
});

describe('a failed identity call in a dialog is shown, never silent', () => {
  it("signing in while the identity service is unreachable: the spec's failure toast and the restart notice", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(
      <>
        <ServiceNotice />
        <SignInDialog show onClose={() => undefined} onForgotPassword={() => undefined} />
      </>,
    );
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText("That didn't work. Try again?")).toBeInTheDocument();
    expect(screen.getByText('The service is restarting, try again in a minute')).toBeInTheDocument();
  });

  it("a password reset that fails says so with the spec's texts", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<ForgotPasswordDialog show onClose={() => undefined} />);
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed to send password reset email.')).toBeInTheDocument();
  });
});
