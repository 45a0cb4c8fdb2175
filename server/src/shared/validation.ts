import { z } from 'zod';
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

/**
 * A whole number from JSON, or from a query string in decimal digits only: `Number()` would take
 * "0x10" as 16, "1e1" as 10 and "" as 0.
 */
export function wholeNumber(name: string) {
  return z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)], {
    message: `${name} must be a whole number, in decimal digits`,
  });
}
