import type { z } from 'zod';
import { ValidationError } from './errors.js';

/** Parses untrusted input, turning zod's issues into one readable ValidationError. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const message = result.error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
  throw new ValidationError(message);
}
