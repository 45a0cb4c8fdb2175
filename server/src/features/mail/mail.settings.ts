/**
 * What the mail feature reads of the configuration: its sender and the app's public address (the
 * mail transport's and the web server's settings), and whether mail stays on this machine.
 */
export interface MailFeatureSettings {
  /** Every message's sender (`MAIL_FROM`). */
  from: string;
  /** The app's public address, for the links in messages (`PUBLIC_URL`). */
  publicUrl: string;
  /** Mail goes to the embedded SMTP server (no `SMTP_URL`): the dev mailbox is served. */
  localMail: boolean;
}
