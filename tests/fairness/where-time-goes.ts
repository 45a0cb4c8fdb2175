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
  postgresCpuSeconds: number | undefined;
}

const TICKS_PER_SECOND = 100;

/** Utime + stime of a process, in clock ticks, from /proc/<pid>/stat (after its command's brackets). */
function ticksOf(stat: string): { ppid: number; ticks: number } {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
}

/** CPU seconds of the Postgres serving `dataDir` and of all its children, or undefined when not found. */
export function postgresCpuSeconds(dataDir: string): number | undefined {
  const pgDir = resolve(dataDir);
  const processes = new Map<number, { ppid: number; ticks: number; command: string }>();
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
  let ticks = postmaster[1].ticks;
  for (const process of processes.values()) if (process.ppid === postmaster[0]) ticks += process.ticks;
  return ticks / TICKS_PER_SECOND;
}

/** Starts measuring; the function it returns stops and answers what was spent meanwhile. */
export function measureTimeSpent(pgDataDir: string): () => TimeSpent {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const utilisation = performance.eventLoopUtilization();
  const cpu = process.cpuUsage();
  const postgres = postgresCpuSeconds(pgDataDir);
  const started = performance.now();
  return () => {
    delay.disable();
    const used = process.cpuUsage(cpu);
    const postgresNow = postgresCpuSeconds(pgDataDir);
    return {
      seconds: (performance.now() - started) / 1000,
      eventLoopUtilisation: performance.eventLoopUtilization(utilisation).utilization,
      eventLoopDelayP99Ms: delay.percentile(99) / 1e6,
      nodeCpuSeconds: (used.user + used.system) / 1e6,
      postgresCpuSeconds:
        postgres === undefined || postgresNow === undefined ? undefined : postgresNow - postgres,
    };
  };
}

/** `event loop 43% busy (p99 delay 12 ms); CPU: Node 0.8 cores, Postgres 1.1 cores` */
export function describeTimeSpent(spent: TimeSpent): string {
  const cores = (seconds: number) => (seconds / spent.seconds).toFixed(2);
  const postgres =
    spent.postgresCpuSeconds === undefined ? 'not measured' : `${cores(spent.postgresCpuSeconds)} cores`;
  return (
    `event loop ${(spent.eventLoopUtilisation * 100).toFixed(0)}% busy (p99 delay ` +
    `${spent.eventLoopDelayP99Ms.toFixed(0)} ms); CPU: the server's Node ${cores(spent.nodeCpuSeconds)} cores, ` +
    `Postgres ${postgres}`
  );
}
