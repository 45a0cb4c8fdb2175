import { z } from 'zod';

/** The limits of the issue: beyond them a clear error, never a half-done change. */
export const COLLECTION_LIMITS = {
  collectionsPerUser: 200,
  membersPerCollection: 10_000,
  nameLength: 100,
  descriptionLength: 2_000,
  noteLength: 2_000,
  tagsPerMember: 20,
  tagLength: 40,
} as const;

export const CollectionId = z.string().uuid('That collection id is not valid.');
export const LensId = z.string().trim().min(1, 'lens_id is required.').max(200, 'lens_id is too long.');
export const Token = z.string().trim().min(1, 'The link is incomplete.').max(200, 'The link is not valid.');

const Name = z
  .string({ message: 'Please give the collection a name.' })
  .trim()
  .min(1, 'Please give the collection a name.')
  .max(
    COLLECTION_LIMITS.nameLength,
    `A collection's name has at most ${COLLECTION_LIMITS.nameLength} characters.`,
  );
const Description = z
  .string()
  .trim()
  .max(
    COLLECTION_LIMITS.descriptionLength,
    `A description has at most ${COLLECTION_LIMITS.descriptionLength} characters.`,
  );
const Note = z
  .string()
  .max(COLLECTION_LIMITS.noteLength, `A note has at most ${COLLECTION_LIMITS.noteLength} characters.`)
  .transform((note) => note.trim());
const Tag = z
  .string()
  .trim()
  .min(1, 'A tag cannot be empty.')
  .max(COLLECTION_LIMITS.tagLength, `A tag has at most ${COLLECTION_LIMITS.tagLength} characters.`);
/** Free words, kept as written; the same word twice (in any case) is kept once. */
const Tags = z
  .array(Tag)
  .max(COLLECTION_LIMITS.tagsPerMember, `A patent has at most ${COLLECTION_LIMITS.tagsPerMember} tags.`)
  .transform((tags) => {
    const seen = new Set<string>();
    return tags.filter((tag) => {
      const key = tag.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

export const CreateCollectionInput = z.object({ name: Name, description: Description.default('') });

export const UpdateCollectionInput = z
  .object({ name: Name.optional(), description: Description.optional(), watched: z.boolean().optional() })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: 'Nothing to change: give a name, a description or watched.',
  });

export const AddMemberInput = z.object({ lens_id: LensId, note: Note.optional(), tags: Tags.optional() });

export const UpdateMemberInput = z
  .object({ note: Note.optional(), tags: Tags.optional() })
  .refine((input) => input.note !== undefined || input.tags !== undefined, {
    message: 'Nothing to change: give a note or tags.',
  });

export const InviteInput = z.object({
  email: z.string().trim().toLowerCase().email('Please give a valid e-mail address.').max(320),
  role: z.enum(['viewer', 'editor'], { message: 'The role is viewer or editor.' }),
});

export type CollectionRole = 'owner' | 'editor' | 'viewer' | 'link';
