import { readFileSync, readdirSync } from 'node:fs';
import { commandLineOf } from '../shared/ports.js';

/**
 * A process as the run file remembers it: its pid, when the kernel started it (so that a pid
 * reused by another program is never mistaken for it) and its command line (for people).
 */
export interface ProcessIdentity {
  pid: number;
  /** Clock ticks after boot (field 22 of /proc/<pid>/stat); unique together with the pid. */
  startTime: string;
  command: string;
}

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** The identity of a running process; undefined when it is gone or /proc is unavailable. */
export function identify(pid: number): ProcessIdentity | undefined {
  const fields = statFields(pid);
  // After the name: state, ppid, pgrp, ... starttime is the 20th of these (field 22 of the line).
  const startTime = fields?.[19];
  if (!startTime || fields[0] === 'Z') return undefined;
  return { pid, startTime, command: commandLineOf(pid) ?? '' };
}

/** True when `remembered` still runs: the same pid, started at the same moment. */
export function isStillRunning(remembered: ProcessIdentity): boolean {
  return identify(remembered.pid)?.startTime === remembered.startTime;
}

function leadsItsGroup(pid: number): boolean {
  return statFields(pid)?.[2] === String(pid);
}

/** Every process of a process group (the Auth emulator's node process and its Java server). */
export function membersOfGroup(groupId: number): ProcessIdentity[] {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
  return pids.flatMap((pid) => {
    const fields = statFields(Number(pid));
    if (fields?.[2] !== String(groupId)) return [];
    const identity = identify(Number(pid));
    return identity ? [identity] : [];
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stops the remembered processes that still run (and only those): SIGTERM, then SIGKILL for
 * whatever is left after `graceMs`. Answers the ones it had to stop.
 */
export async function stopRemembered(
  processes: ProcessIdentity[],
  graceMs = 5_000,
): Promise<ProcessIdentity[]> {
  const running = processes.filter(isStillRunning);
  const signal = (target: ProcessIdentity, name: NodeJS.Signals) => {
    try {
      if (!isStillRunning(target)) return;
      // A group leader (the emulator) takes what it started with it.
      process.kill(leadsItsGroup(target.pid) ? -target.pid : target.pid, name);
    } catch {
      // gone meanwhile
    }
  };
  running.forEach((target) => signal(target, 'SIGTERM'));
  const deadline = Date.now() + graceMs;
  while (running.some(isStillRunning) && Date.now() < deadline) await sleep(100);
  running.forEach((target) => signal(target, 'SIGKILL'));
  while (running.some(isStillRunning) && Date.now() < deadline + 2_000) await sleep(50);
  return running;
}
