import type { LocalStack } from './local-stack.js';
import { PROJECT_ID } from './local-stack.js';

export const PASSWORD = 'correct-horse-battery';

async function post(
  url: string,
  body: unknown,
  authorization?: string,
): Promise<{ status: number; json: any }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json().catch(() => null) };
}

/** Registers through the app (POST /api/register), as the Register dialog does. */
export function register(stack: LocalStack, email: string) {
  return post(`${stack.baseUrl}/api/register`, { email, name: 'Fault Tester', password: PASSWORD });
}

const emulator = (stack: LocalStack) =>
  `http://127.0.0.1:${stack.ports.emulator}/identitytoolkit.googleapis.com/v1`;

/** Confirms the e-mail (as its link would) and signs in: the ID token for the app's calls. */
export async function verifyAndSignIn(stack: LocalStack, uid: string, email: string): Promise<string> {
  await post(
    `${emulator(stack)}/projects/${PROJECT_ID}/accounts:update`,
    { localId: uid, emailVerified: true },
    'Bearer owner',
  );
  const signIn = await post(`${emulator(stack)}/accounts:signInWithPassword?key=demo-api-key`, {
    email,
    password: PASSWORD,
    returnSecureToken: true,
  });
  if (!signIn.json?.idToken) throw new Error(`sign-in failed: ${JSON.stringify(signIn.json)}`);
  return signIn.json.idToken as string;
}

export function search(stack: LocalStack, token: string, query: string) {
  return post(`${stack.baseUrl}/api/v1/ai-search`, { query }, `Bearer ${token}`);
}
