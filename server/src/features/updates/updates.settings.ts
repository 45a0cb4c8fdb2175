/** What the updates feature reads of the configuration. */
export interface UpdatesSettings {
  /** Signs the unsubscribe links (`APP_SECRET`); unset, a secret kept in the database. */
  appSecret?: string;
  /** Mail goes to the embedded SMTP server (no `SMTP_URL`): the dev route that sends a digest now is served. */
  localMail: boolean;
}
