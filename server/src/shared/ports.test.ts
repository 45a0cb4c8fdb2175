import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { assertPortFree, describePortHolder, PortInUseError } from './ports.js';

let server: net.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

describe('a port in use', () => {
  it('is refused with the process that holds it and the setting that moves it', async () => {
    server = net.createServer();
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    expect(describePortHolder(port)).toMatch(new RegExp(`^pid ${process.pid} \\(.*node`));
    const refusal = assertPortFree(port, 'the web server (PORT)');
    await expect(refusal).rejects.toBeInstanceOf(PortInUseError);
    await expect(refusal).rejects.toThrow(
      new RegExp(
        `^Port ${port} is already in use by pid ${process.pid} .*; it is needed for the web server \\(PORT\\)`,
      ),
    );
  });
});
