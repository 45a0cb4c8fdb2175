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

/** Ids are UUIDs: written in either case, they name the same collection (lower case from here on). */
export const CollectionId = z.string().trim().toLowerCase().uuid('That collection id is not valid.');
export const LensId = z.string().trim().min(1, 'lens_id is required.').max(200, 'lens_id is too long.');
export const Token = z.string().trim().min(1, 'The link is incomplete.').max(200, 'The link is not valid.');

/**
 * Nothing a reader can see: white space, and the format characters (zero-width spaces and joiners,
 * direction marks, the byte-order mark) that draw nothing.
 */
const INVISIBLE = /^[\s\p{Cf}]*$/u;

/**
 * Text as the user typed it, in one Unicode form (NFC): "école" typed precomposed or decomposed is
 * the same name, and one length.
 */
const Visible = (empty: string) =>
  z
    .string({ message: empty })
    .transform((text) => text.normalize('NFC').trim())
    .refine((text) => !INVISIBLE.test(text), empty);

const Name = Visible('Please give the collection a name: at least one visible character.').pipe(
  z
    .string()
    .max(
      COLLECTION_LIMITS.nameLength,
      `A collection's name has at most ${COLLECTION_LIMITS.nameLength} characters.`,
    ),
);
const Description = z
  .string()
  .trim()
  .max(
    COLLECTION_LIMITS.descriptionLength,
    `A description has at most ${COLLECTION_LIMITS.descriptionLength} characters.`,
  );
// The limits hold for what is kept: checked after trimming, and after dropping duplicate tags.
const Note = z
  .string()
  .trim()
  .max(COLLECTION_LIMITS.noteLength, `A note has at most ${COLLECTION_LIMITS.noteLength} characters.`);
const Tag = Visible('A tag cannot be empty.').pipe(
  z.string().max(COLLECTION_LIMITS.tagLength, `A tag has at most ${COLLECTION_LIMITS.tagLength} characters.`),
);
/**
 * Free words, kept as written; the same word twice (in any case) is kept once, and `duplicates`
 * says which were dropped, so that adding a tag already there can say so.
 */
const Tags = z
  .array(Tag)
  .transform((given) => {
    const seen = new Set<string>();
    const tags: string[] = [];
    const duplicates: string[] = [];
    for (const tag of given) {
      const key = tag.toLowerCase();
      (seen.has(key) ? duplicates : tags).push(tag);
      seen.add(key);
    }
    return { tags, duplicates };
  })
  .refine(
    ({ tags }) => tags.length <= COLLECTION_LIMITS.tagsPerMember,
    `A patent has at most ${COLLECTION_LIMITS.tagsPerMember} tags.`,
  );

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
