/** A message's content: what a feature queues, the outbox keeps and SMTP carries. */
export interface MailContent {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  attachments: MailAttachment[];
}

/** A message as it goes over SMTP. */
export interface OutgoingMail extends MailContent {
  /** Stable per logical message, so that a resend after a crash is recognisably the same message. */
  messageId: string;
  from: string;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** What the mail feature needs from an SMTP client; the nodemailer adapter is in integrations/. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Queues a background job by name; features reach the job queue through this, not pg-boss. */
export interface JobSender {
  send(name: string, payload?: object): Promise<void>;
}
