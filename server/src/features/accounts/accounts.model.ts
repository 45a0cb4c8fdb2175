/** An account as the API answers it (GraphQL's `Account`, `GET /api/users/me`). */
export interface Account {
  uid: string;
  name: string;
  email: string;
  emailVerified: boolean;
}
