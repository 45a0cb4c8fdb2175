import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { z } from 'zod';
import { LOCAL_FORM_SERVICE_PATH } from './form-service.settings.js';
import { escapeHtml } from '../shared/html.js';
import type { Logger } from '../shared/logger.js';

/** One sign-up, as the form carried it. */
export interface FormEntry {
  firstName: string;
  email: string;
  /** The list joined (the form's `mailingLists`, one list an entry). */
  mailingLists: string;
  receivedAt: string;
}

export interface LocalFormService {
  /** Its page of entries. */
  url: string;
  /** Where the waiting-list form posts. */
  formUrl: string;
  stop(): Promise<void>;
}

/** The specification's form fields (§7: firstName, email, mailingLists). */
const FormFields = z.object({
  firstName: z.string().trim().min(1, 'Please give your first name.').max(100),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email('Please give a valid e-mail address.'))
    .pipe(z.string().max(254)),
  mailingLists: z
    .string()
    .trim()
    .min(1, 'Please name the list to join.')
    .max(100)
    .regex(/^[\w-]+(,[\w-]+)*$/, 'List names are letters, digits, - and _, separated by commas.'),
});

function loadEntries(file: string | undefined): FormEntry[] {
  return file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as FormEntry[]) : [];
}

function entriesPage(entries: readonly FormEntry[]): string {
  const rows = entries
    .map(
      (entry) =>
        `<tr><td>${escapeHtml(entry.receivedAt)}</td><td>${escapeHtml(entry.firstName)}</td><td>${escapeHtml(entry.email)}</td><td>${escapeHtml(entry.mailingLists)}</td></tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local form service</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}td,th{padding:.3rem .8rem;text-align:left;border-bottom:1px solid #ddd}</style>
</head><body><h1>Local form service: waiting-list entries</h1>
<p>A local stand-in for the external form service the waiting list posts to (<code>MAILING_LIST_URL</code>); nothing leaves this machine.</p>
${entries.length === 0 ? '<p>No one has joined yet.</p>' : `<table><thead><tr><th>Received</th><th>First name</th><th>E-mail</th><th>List</th></tr></thead><tbody>${rows}</tbody></table>`}
</body></html>`;
}

/**
 * A stand-in for the external form service of the waiting list (§7: a form-encoded POST with
 * firstName, email and mailingLists), on a port of its own as the real one is on another origin:
 * the browser posts to it across origins, as it would in production. It keeps the entries (in a
 * file when given one), lists them at its address, and answers the browser's cross-origin reads.
 */
export async function startLocalFormService(options: {
  port: number;
  logger: Logger;
  /** Where its entries are kept across restarts; in memory only without it. */
  stateFile?: string;
}): Promise<LocalFormService> {
  const entries = loadEntries(options.stateFile);
  const save = () => {
    if (!options.stateFile) return;
    mkdirSync(path.dirname(options.stateFile), { recursive: true });
    writeFileSync(`${options.stateFile}.tmp`, JSON.stringify(entries, null, 1));
    renameSync(`${options.stateFile}.tmp`, options.stateFile);
  };
  const app = Fastify({ logger: false, bodyLimit: 16 * 1024 });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  // Form services answer any site's browser: the app is on another origin.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
  });
  app.options(LOCAL_FORM_SERVICE_PATH, async (_request, reply) =>
    reply
      .header('access-control-allow-methods', 'POST')
      .header('access-control-allow-headers', 'content-type')
      .status(204)
      .send(),
  );

  app.post(LOCAL_FORM_SERVICE_PATH, async (request, reply) => {
    const fields = FormFields.safeParse(request.body ?? {});
    if (!fields.success) {
      const issue = fields.error.issues[0]!;
      return reply.status(400).send({ message: `${issue.path.join('.')}: ${issue.message}` });
    }
    const { firstName, email, mailingLists } = fields.data;
    for (const list of new Set(mailingLists.split(','))) {
      // Joining again keeps the first entry, as a list's subscriber is one address.
      if (entries.some((entry) => entry.email === email && entry.mailingLists === list)) continue;
      entries.push({ firstName, email, mailingLists: list, receivedAt: new Date().toISOString() });
    }
    save();
    options.logger.debug({ list: mailingLists }, 'local form service: entry received');
    return { ok: true };
  });
  app.get('/entries', async () => entries);
  app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(entriesPage(entries)));

  await app.listen({ port: options.port, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : options.port}`;
  return { url, formUrl: `${url}${LOCAL_FORM_SERVICE_PATH}`, stop: () => app.close() };
}
