/** The signed-in user, as proven by a verified identity-provider token. */
export interface Viewer {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  signInProvider: string | null;
}
