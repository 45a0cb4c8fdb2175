/** Raised by the page frame when the signed-in user's account cannot be loaded. */
export class AccountLoadError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('Unable to load user account.', options);
    this.name = 'AccountLoadError';
  }
}
