import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { TEST_PROJECT_ID } from './constants.js';

export interface EmulatorUser {
  uid: string;
  email: string;
  idToken: string;
}

function emulatorUrl(pathAndQuery: string): string {
  return `http://${inject('authEmulatorHost')}${pathAndQuery}`;
}

/** The password of every user createEmulatorUser makes. */
export const EMULATOR_PASSWORD = 'correct-horse-battery';

/** Signs in with e-mail and password; answers the ID token, or the emulator's error message. */
export async function signInEmulatorUser(
  email: string,
  password = EMULATOR_PASSWORD,
): Promise<{ idToken: string } | { error: string }> {
  const response = await fetch(
    emulatorUrl('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=test-key'),
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const json = (await response.json()) as { idToken?: string; error?: { message: string } };
  return json.idToken
    ? { idToken: json.idToken }
    : { error: json.error?.message ?? `status ${response.status}` };
}

/** Changes a user's e-mail at the provider, as confirming a verifyBeforeUpdateEmail link does. */
export async function confirmEmulatorEmailChange(uid: string, email: string): Promise<void> {
  await postJson(
    emulatorUrl(`/identitytoolkit.googleapis.com/v1/projects/${TEST_PROJECT_ID}/accounts:update`),
    { localId: uid, email, emailVerified: true },
    'Bearer owner',
  );
}

/**
 * Signs a user up through the emulator's real Identity Toolkit REST API and returns a genuine
 * ID token for them; `verified` marks the e-mail as confirmed first.
 */
export async function createEmulatorUser(
  options: { verified?: boolean; name?: string } = {},
): Promise<EmulatorUser> {
  const email = `user-${randomUUID().slice(0, 8)}@example.com`;
  const password = EMULATOR_PASSWORD;
  const signUp = await postJson(
    emulatorUrl('/identitytoolkit.googleapis.com/v1/accounts:signUp?key=test-key'),
    {
      email,
      password,
      displayName: options.name ?? 'Test User',
      returnSecureToken: true,
    },
  );
  const uid = signUp.localId as string;
  if (options.verified) {
    await postJson(
      emulatorUrl(`/identitytoolkit.googleapis.com/v1/projects/${TEST_PROJECT_ID}/accounts:update`),
      {
        localId: uid,
        emailVerified: true,
      },
      'Bearer owner',
    );
    const signIn = await postJson(
      emulatorUrl('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=test-key'),
      { email, password, returnSecureToken: true },
    );
    return { uid, email, idToken: signIn.idToken as string };
  }
  return { uid, email, idToken: signUp.idToken as string };
}

async function postJson(
  url: string,
  body: unknown,
  authorization?: string,
): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`Emulator call failed (${response.status}): ${JSON.stringify(json)}`);
  return json;
}
