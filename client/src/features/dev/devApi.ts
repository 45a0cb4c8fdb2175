import { z } from 'zod';

const AuthEmailsSchema = z.object({
  emails: z.array(z.object({ email: z.string(), kind: z.string(), link: z.string() })),
});
export type AuthEmail = z.infer<typeof AuthEmailsSchema>['emails'][number];

const OutboxListSchema = z.object({
  messages: z.array(
    z.object({
      id: z.number(),
      from: z.string(),
      to: z.array(z.string()),
      subject: z.string(),
      receivedAt: z.string(),
    }),
  ),
});
export type OutboxEntry = z.infer<typeof OutboxListSchema>['messages'][number];

const OutboxMessageSchema = z.object({
  id: z.number(),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  receivedAt: z.string(),
  html: z.string().nullable(),
  text: z.string().nullable(),
  listUnsubscribe: z.string().nullable(),
  attachments: z.array(
    z.object({ index: z.number(), filename: z.string(), contentType: z.string(), size: z.number() }),
  ),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

async function getJson<T>(url: string, schema: z.ZodType<T>, what: string): Promise<T> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`The ${what} could not be loaded (status ${response.status}).`);
  const parsed = schema.safeParse(await response.json());
  if (!parsed.success) throw new Error(`The ${what} is malformed.`);
  return parsed.data;
}

export const fetchAuthEmails = async () =>
  (await getJson('/dev/auth-emails', AuthEmailsSchema, 'e-mail link list')).emails;
export const fetchOutbox = async () => (await getJson('/dev/outbox', OutboxListSchema, 'outbox')).messages;
export const fetchOutboxMessage = (id: number) =>
  getJson(`/dev/outbox/${id}`, OutboxMessageSchema, 'message');
export const attachmentUrl = (id: number, index: number) => `/dev/outbox/${id}/attachments/${index}`;

const DigestRunSchema = z.object({ users: z.number(), mails: z.number() });

/** Sends this week's weekly e-mails now (embedded mode's dev control): search digests and collection watches. */
export async function sendWeeklyDigestsNow(): Promise<z.infer<typeof DigestRunSchema>> {
  const [searches, collections] = await Promise.all([
    runDigest('/dev/weekly-digest'),
    runDigest('/dev/collections-watch'),
  ]);
  return { users: searches.users + collections.users, mails: searches.mails + collections.mails };
}

async function runDigest(url: string): Promise<z.infer<typeof DigestRunSchema>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`The weekly digests could not be sent (status ${response.status}).`);
  const parsed = DigestRunSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error('The digest run answered something unexpected.');
  return parsed.data;
}
