import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import net from 'node:net';

export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly purpose: string,
    /** Who holds it ("pid 4242: java -jar ..."), where the machine lets us see. */
    readonly holder?: string,
  ) {
    super(
      `Port ${port} is already in use${holder ? ` by ${holder}` : ''}; it is needed for ${purpose}. ` +
        'Stop what uses it, or choose another port; PORT_OFFSET=10 moves them all (docs/operations.md, "Two copies side by side").',
    );
    this.name = 'PortInUseError';
  }
}

/** Whether nothing listens on `port` of the loopback address now. */
export const isPortFree = (port: number) =>
  new Promise<boolean>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(false) : reject(error),
    );
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });

/** A port let go a moment ago (a process stopped just before) is given this long to be free. */
const RELEASE_GRACE_MS = 3_000;

export async function assertPortFree(port: number, purpose: string): Promise<void> {
  const deadline = Date.now() + RELEASE_GRACE_MS;
  while (!(await isPortFree(port))) {
    if (Date.now() >= deadline) throw new PortInUseError(port, purpose, describePortHolder(port));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The socket inodes listening on `port` (Linux's /proc/net/tcp and tcp6; state 0A is LISTEN). */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A' && fields[9]) inodes.add(fields[9]);
    }
  }
  return inodes;
}

/** The command line of a process, as `ps` would show it; undefined when it is gone (or not ours to read). */
export function commandLineOf(pid: number): string | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    return line || undefined;
  } catch {
    return undefined;
  }
}

const shorten = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max - 3)}...` : text);

/**
 * "pid 4242 (java -Duser.language=en -jar ...)": the process that listens on `port`, found
 * through /proc. Undefined where /proc is missing or the holder is another user's process.
 */
export function describePortHolder(port: number): string | undefined {
  const inodes = listeningInodes(port);
  if (inodes.size === 0) return undefined;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return undefined;
  }
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode && inodes.has(inode)) {
        const command = commandLineOf(Number(pid));
        return `pid ${pid}${command ? ` (${shorten(command)})` : ''}`;
      }
    }
  }
  return 'another program';
}
