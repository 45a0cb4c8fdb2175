import { describe, expect, it } from 'vitest';
import { AppError, NotAuthenticatedError } from '../shared/errors.js';
import { mapError } from './error-map.js';

describe('mapError', () => {
  it('maps domain errors to their status and message', () => {
    expect(mapError(new NotAuthenticatedError())).toMatchObject({
      status: 401,
      body: { message: 'User not authenticated' },
      unexpected: false,
    });
    expect(mapError(new AppError('PAYMENT_REQUIRED', 'Upgrade'))).toMatchObject({
      status: 402,
      body: { message: 'Upgrade' },
    });
  });

  it('keeps extra body fields but never lets them replace the message', () => {
    expect(mapError(new AppError('CONFLICT', 'Taken', { message: 'other', field: 'email' })).body).toEqual({
      message: 'Taken',
      field: 'email',
    });
  });

  it('hides the details of unexpected errors', () => {
    const mapped = mapError(new Error('connection refused at 10.0.0.1:5432'));
    expect(mapped).toMatchObject({ status: 500, unexpected: true });
    expect(mapped.body.message).not.toContain('10.0.0.1');
  });
});
