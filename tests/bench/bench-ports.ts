import { isPortFree } from '@patentscout/server/shared/ports';

/** The ports of a benchmark's own copy of the product. */
export interface BenchPorts {
  http: number;
  postgres: number;
  smtp: number;
  stripe: number;
  /** The local stand-in of the waiting list's form service. */
  formService: number;
  /** The Auth emulator; its hub and logging take the next two. */
  emulator: number;
}

/**
 * Benchmarks run beside other checkouts' tests and servers, so their ports come from a range
 * nothing else here uses (59000-59299), in blocks of ten: the first block whose every port is free.
 */
const RANGE = { first: 59_000, last: 59_299, block: 10 } as const;

const inBlock = (base: number): BenchPorts => ({
  http: base,
  postgres: base + 1,
  smtp: base + 2,
  stripe: base + 3,
  formService: base + 4,
  emulator: base + 5,
});

const portsOf = (ports: BenchPorts) => [
  ports.http,
  ports.postgres,
  ports.smtp,
  ports.stripe,
  ports.formService,
  ports.emulator,
  ports.emulator + 1,
  ports.emulator + 2,
];

export async function freeBenchPorts(first: number = RANGE.first): Promise<BenchPorts> {
  for (let base = first; base + RANGE.block - 1 <= RANGE.last; base += RANGE.block) {
    const ports = inBlock(base);
    const free = await Promise.all(portsOf(ports).map((port) => isPortFree(port)));
    if (free.every(Boolean)) return ports;
  }
  throw new Error(
    `No free block of ${RANGE.block} ports in ${RANGE.first}-${RANGE.last} for the benchmark's server.`,
  );
}
