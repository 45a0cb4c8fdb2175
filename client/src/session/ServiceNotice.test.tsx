import { act, render, screen } from '@testing-library/react';
import { ServerError } from '@apollo/client/errors';
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceNotice } from './ServiceNotice';
import { isServiceRestarting, reportFailure, reportSuccess } from './serviceStatus';

const MESSAGE = 'The service is restarting, try again in a minute';

const answer503 = () =>
  new ServerError('Response not successful: Received status code 503', {
    response: new Response('{}', { status: 503 }),
    bodyText: '{"message":"The service is restarting, try again in a minute","code":"SERVICE_UNAVAILABLE"}',
  });

afterEach(() => act(() => reportSuccess()));

describe('the service-restarting notice', () => {
  it('tells a restart (503, the identity service unreachable) from other failures', () => {
    expect(isServiceRestarting(answer503())).toBe(true);
    expect(isServiceRestarting({ code: 'auth/network-request-failed' })).toBe(true);
    expect(isServiceRestarting({ code: 'auth/wrong-password' })).toBe(false);
    expect(isServiceRestarting(new Error('boom'))).toBe(false);
  });

  it('shows the message while the service restarts and goes once a call succeeds', () => {
    render(<ServiceNotice />);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => reportFailure({ code: 'auth/wrong-password' }));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => reportFailure(answer503()));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGE);
    act(() => reportSuccess());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
