import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

/**
 * Where a stretch of the fair-sharing benchmark spent its time: how busy the server's event loop
 * was (utilisation, and the delay a timer saw at the 99th percentile), and the CPU time of the
 * server's Node process and of its embedded Postgres (the postmaster and every backend). Linux
 * only (`/proc`); elsewhere the Postgres figure is absent.
 */
export interface TimeSpent {
  seconds: number;
  eventLoopUtilisation: number;
  eventLoopDelayP99Ms: number;
  nodeCpuSeconds: number;
  /** How long the server's main thread waited for a CPU while it had work (Linux schedstat). */
  nodeRunQueueSeconds: number | undefined;
  postgresCpuSeconds: number | undefined;
  /** Of which the backends at a lower CPU priority than the postmaster's (yielding searches). */
  yieldingCpuSeconds: number | undefined;
}

const TICKS_PER_SECOND = 100;

/** Utime + stime of a process, in clock ticks, and its niceness, from /proc/<pid>/stat. */
function ticksOf(stat: string): { ppid: number; ticks: number; nice: number } {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    ppid: Number(fields[1]),
    ticks: Number(fields[11]) + Number(fields[12]),
    nice: Number(fields[16]),
  };
}

interface PostgresTicks {
  /** Ticks by process id: the postmaster's and its children's. */
  ticks: Map<number, number>;
  /** The children at a lower priority than the postmaster. */
  yielding: Set<number>;
}

/** The CPU ticks of the Postgres serving `dataDir` and of all its children, or undefined when not found. */
function postgresTicks(dataDir: string): PostgresTicks | undefined {
  const pgDir = resolve(dataDir);
  const processes = new Map<number, { ppid: number; ticks: number; nice: number; command: string }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = ticksOf(readFileSync(`/proc/${entry}/stat`, 'utf8'));
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      processes.set(Number(entry), { ...stat, command });
    } catch {
      // The process ended while being read.
    }
  }
  const postmaster = [...processes].find(
    ([, process]) => / -D /.test(process.command) && process.command.includes(pgDir),
  );
  if (!postmaster) return undefined;
  const ticks = new Map([[postmaster[0], postmaster[1].ticks]]);
  const yielding = new Set<number>();
  for (const [pid, process] of processes) {
    if (process.ppid !== postmaster[0]) continue;
    ticks.set(pid, process.ticks);
    if (process.nice > postmaster[1].nice) yielding.add(pid);
  }
  return { ticks, yielding };
}

/** CPU seconds spent between two readings, all processes and the yielding ones (a process that ended between them is missed). */
function spentBetween(before: PostgresTicks, after: PostgresTicks): { all: number; yielding: number } {
  let all = 0;
  let yielding = 0;
  for (const [pid, ticks] of after.ticks) {
    const spent = ticks - (before.ticks.get(pid) ?? 0);
    all += spent;
    if (after.yielding.has(pid)) yielding += spent;
  }
  return { all: all / TICKS_PER_SECOND, yielding: yielding / TICKS_PER_SECOND };
}

/** Nanoseconds this process's main thread waited on a run queue, from /proc/self/schedstat. */
function runQueueWaitNs(): number | undefined {
  try {
    return Number(readFileSync('/proc/self/schedstat', 'utf8').split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** Starts measuring; the function it returns stops and answers what was spent meanwhile. */
export function measureTimeSpent(pgDataDir: string): () => TimeSpent {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const utilisation = performance.eventLoopUtilization();
  const cpu = process.cpuUsage();
  const waited = runQueueWaitNs();
  const postgres = postgresTicks(pgDataDir);
  const started = performance.now();
  return () => {
    delay.disable();
    const used = process.cpuUsage(cpu);
    const waitedNow = runQueueWaitNs();
    const postgresNow = postgresTicks(pgDataDir);
    const postgresSpent = postgres && postgresNow ? spentBetween(postgres, postgresNow) : undefined;
    return {
      seconds: (performance.now() - started) / 1000,
      eventLoopUtilisation: performance.eventLoopUtilization(utilisation).utilization,
      eventLoopDelayP99Ms: delay.percentile(99) / 1e6,
      nodeCpuSeconds: (used.user + used.system) / 1e6,
      nodeRunQueueSeconds:
        waited === undefined || waitedNow === undefined ? undefined : (waitedNow - waited) / 1e9,
      postgresCpuSeconds: postgresSpent?.all,
      yieldingCpuSeconds: postgresSpent?.yielding,
    };
  };
}

/** `event loop 43% busy (p99 delay 12 ms); CPU: Node 0.80 cores, Postgres 1.10 cores (yielding backends 0.60)` */
export function describeTimeSpent(spent: TimeSpent): string {
  const cores = (seconds: number) => (seconds / spent.seconds).toFixed(2);
  const postgres =
    spent.postgresCpuSeconds === undefined
      ? 'not measured'
      : `${cores(spent.postgresCpuSeconds)} cores (yielding backends ${cores(spent.yieldingCpuSeconds ?? 0)})`;
  return (
    `event loop ${(spent.eventLoopUtilisation * 100).toFixed(0)}% busy (p99 delay ` +
    `${spent.eventLoopDelayP99Ms.toFixed(0)} ms, waiting for a CPU ${
      spent.nodeRunQueueSeconds === undefined
        ? '?'
        : ((spent.nodeRunQueueSeconds / spent.seconds) * 100).toFixed(0)
    }% of the time); CPU: the server's Node ${cores(spent.nodeCpuSeconds)} cores, ` +
    `Postgres ${postgres}`
  );
}
