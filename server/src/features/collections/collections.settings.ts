/** What the collections feature reads of the configuration. */
export interface CollectionsSettings {
  /** Signs the links that stop a collection's watch (`APP_SECRET`); unset, a secret kept in the database. */
  appSecret?: string;
  /** Mail goes to the embedded SMTP server (no `SMTP_URL`): the dev route that sends the watch digests now is served. */
  localMail: boolean;
}
