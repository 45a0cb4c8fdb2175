import { z } from 'zod';
import { parseInput } from '../../shared/validation.js';
import type { MailingListRepo } from './mailing-list.repo.js';

/** The spec's form fields, as an external form service would receive them. */
const JoinRequest = z.object({
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

export function createMailingListService(deps: { repo: MailingListRepo }) {
  return {
    /** Joins one or more lists (comma-separated, as form services take them); idempotent. */
    async join(input: unknown): Promise<{ ok: true }> {
      const { firstName, email, mailingLists } = parseInput(JoinRequest, input);
      for (const list of new Set(mailingLists.split(','))) await deps.repo.join({ email, list, firstName });
      return { ok: true };
    },
  };
}

export type MailingListService = ReturnType<typeof createMailingListService>;
