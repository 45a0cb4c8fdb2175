import net from 'node:net';

export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly purpose: string,
  ) {
    super(
      `Port ${port} is already in use; it is needed for ${purpose}. Stop what uses it or choose another port.`,
    );
    this.name = 'PortInUseError';
  }
}

export async function assertPortFree(port: number, purpose: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port, purpose) : error),
    );
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve()));
  });
}
