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
    expect(mapError(new AppError('SEARCH_LIMIT_REACHED', 'Upgrade'))).toMatchObject({
      status: 402,
      code: 'SEARCH_LIMIT_REACHED',
      body: { message: 'Upgrade', code: 'SEARCH_LIMIT_REACHED' },
    });
  });

  it('keeps extra body fields but never lets them replace the message or the code', () => {
    expect(
      mapError(
        new AppError('EMAIL_ALREADY_REGISTERED', 'Taken', { message: 'other', code: 'X', field: 'email' }),
      ).body,
    ).toEqual({ message: 'Taken', code: 'EMAIL_ALREADY_REGISTERED', field: 'email' });
  });

  it('hides the details of unexpected errors', () => {
    const mapped = mapError(new Error('connection refused at 10.0.0.1:5432'));
    expect(mapped).toMatchObject({ status: 500, unexpected: true });
    expect(mapped.body.message).not.toContain('10.0.0.1');
  });
});

describe('text Postgres cannot store', () => {
  it('is the caller’s input (400), not our fault: a NUL character in any field', () => {
    const nul = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    });
    expect(mapError(nul)).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      body: { message: 'Text may not contain NUL characters (\\u0000).', code: 'BAD_REQUEST' },
      unexpected: false,
    });
  });

  it('answers 503 SERVICE_UNAVAILABLE, never 500, while the database or the identity service is unreachable', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:54329'), {
      code: 'ECONNREFUSED',
    });
    const outages: unknown[] = [
      refused,
      // node's connect to localhost tries ::1 and 127.0.0.1: an AggregateError of both refusals
      new AggregateError([refused, refused], ''),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('server closed the connection'), { code: '08006' }),
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('Error while making request: connect ECONNREFUSED 127.0.0.1:9099'), {
        errorInfo: { code: 'app/network-error' },
      }),
      new Error('wrapped', { cause: refused }),
    ];
    for (const outage of outages) {
      expect(mapError(outage)).toEqual({
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
        body: { message: 'The service is restarting, try again in a minute', code: 'SERVICE_UNAVAILABLE' },
        unexpected: false,
        retryAfterSeconds: 30,
      });
    }
  });

  it('keeps the search budget’s answers beside the outage’s: a cancelled statement is the search’s cost, not an outage', () => {
    const statuses = Object.fromEntries(
      (['QUERY_TOO_COMPLEX', 'SEARCH_TIMED_OUT', 'SEARCHES_IN_PROGRESS', 'SERVICE_UNAVAILABLE'] as const).map(
        (code) => [code, mapError(new AppError(code, 'why')).status],
      ),
    );
    expect(statuses).toEqual({
      QUERY_TOO_COMPLEX: 400,
      SEARCH_TIMED_OUT: 422,
      SEARCHES_IN_PROGRESS: 429,
      SERVICE_UNAVAILABLE: 503,
    });
    // 57014 (query_canceled) reaches the map only if the engine failed to answer it as
    // SEARCH_TIMED_OUT: a fault of ours, never "the service is restarting".
    const canceled = Object.assign(new Error('canceling statement due to statement timeout'), {
      code: '57014',
    });
    expect(mapError(canceled)).toMatchObject({ status: 500, code: 'INTERNAL' });
  });

  it('keeps other database errors as the faults they are', () => {
    const constraint = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(mapError(constraint)).toMatchObject({ status: 500, code: 'INTERNAL', unexpected: true });
  });
});
