/** The spec's basic address pattern: characters, @, a domain with a dot. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** Sign-in and registration need a password longer than 6 characters (the hint says at least 6). */
export function isLongEnoughPassword(password: string): boolean {
  return password.length > 6;
}
