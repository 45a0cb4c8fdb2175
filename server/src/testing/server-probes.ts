import net from 'node:net';

/** A port nothing listens on now (for a server a test starts). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The `/metrics` text of a server. */
export const scrapeMetrics = async (baseUrl: string) => (await fetch(`${baseUrl}/metrics`)).text();

/** The value of one series in Prometheus' text format: its name and these labels, in any order. */
export function metricSample(text: string, series: string): number | undefined {
  const [, name, labels = ''] = /^([^{]+)(?:\{(.*)\})?$/.exec(series)!;
  const wanted = labels ? labels.split(',') : [];
  for (const line of text.split('\n')) {
    const match = /^([^{\s]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = new Set(match[2] ? match[2].split(',') : []);
    if (wanted.every((label) => have.has(label))) return Number(match[3]);
  }
  return undefined;
}
