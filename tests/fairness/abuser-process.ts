import { abuse } from './abuse.js';

/**
 * The abuser of `npm run bench:fairness` in a process of its own, as a real one would be on
 * another machine: its twelve request loops do not run on the server's event loop. Started by
 * `forkAbuser`; sends `{ statuses, cpuSeconds }` when told `stop`.
 */
const [baseUrl, token, parallel] = process.argv.slice(2);
let stop!: () => void;
const stopped = new Promise<void>((resolve) => (stop = resolve));
process.on('message', (message) => {
  if (message === 'stop') stop();
});
const cpu = process.cpuUsage();
const statuses = await abuse(baseUrl!, token!, Number(parallel), stopped);
const used = process.cpuUsage(cpu);
process.send!({ statuses: [...statuses], cpuSeconds: (used.user + used.system) / 1e6 }, () =>
  process.exit(0),
);
