import { createEmulatorUser, type EmulatorUser } from '@patentscout/server/testing/emulator-users';
import type { TestApp } from '@patentscout/server/testing/test-app';
import { call } from './http.js';

/** A verified user with an account row, as the collections' tests need them. */
export async function collectionsUser(app: TestApp, name: string): Promise<EmulatorUser> {
  const user = await createEmulatorUser({ verified: true, name });
  await app.database.db.insertInto('users').values({ uid: user.uid, email: user.email, name }).execute();
  return user;
}

/** A REST call to the collections' API, answering status and body. */
export function collectionsCall(app: TestApp, token: string | undefined) {
  return (method: string, path: string, body?: unknown) =>
    call(app.baseUrl, method, `/api/v1/collections${path}`, { token, body });
}
