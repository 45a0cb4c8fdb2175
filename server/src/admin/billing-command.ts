import { sql } from 'kysely';
import type { Db } from '@patentscout/db';
import { lastReconciliationOver, RECONCILE_JOB, UNMATCHED_EVENT_DAYS } from '../features/billing/index.js';
import { startJobQueue } from '../jobs/boss.js';
import { AdminError, UsageError } from './admin-errors.js';

export type BillingCommand = { name: 'billing-reconcile'; timeoutSeconds: number; databaseUrl: string };

/** The billing commands and the options each takes. */
export const BILLING_COMMANDS = { reconcile: ['timeout'] } as const;

const DEFAULT_TIMEOUT_SECONDS = 120;
const POLL_MS = 500;

export function billingCommand(
  _name: string,
  values: { timeout?: string | undefined },
  databaseUrl: string,
): BillingCommand {
  const timeout = values.timeout === undefined ? DEFAULT_TIMEOUT_SECONDS : Number(values.timeout);
  if (!Number.isInteger(timeout) || timeout < 1 || timeout > 3600)
    throw new UsageError('--timeout takes whole seconds from 1 to 3600');
  return { name: 'billing-reconcile', timeoutSeconds: timeout, databaseUrl };
}

/**
 * Asks the server's worker for a reconciliation now (the daily job's, sent with trigger 'admin':
 * it needs the payment provider, which the server holds) and prints the run's figures.
 */
export async function runBillingCommand(
  command: BillingCommand,
  db: Db,
  out: { write(text: string): unknown },
): Promise<void> {
  // The database's clock, which stamps the run: the two clocks may differ.
  const { rows } = await sql<{ now: Date }>`SELECT now() AS now`.execute(db);
  const requestedAt = rows[0]!.now;
  const queue = await startJobQueue({
    connectionString: command.databaseUrl,
    onError: () => undefined,
    runsJobs: false,
  });
  try {
    await queue.boss.send(RECONCILE_JOB, { trigger: 'admin' });
  } catch (error) {
    throw new AdminError(
      `The reconciliation could not be queued (${(error as Error).message}). Start the server once ` +
        '(`npm start`): it creates the job queues.',
    );
  } finally {
    await queue.stop();
  }
  const lastSince = lastReconciliationOver(db);
  const deadline = Date.now() + command.timeoutSeconds * 1000;
  for (;;) {
    const run = await lastSince(requestedAt);
    if (run) {
      if (run.error) throw new AdminError(`The reconciliation failed: ${run.error}`);
      const fixes = (name: string) => run.fixes[name] ?? 0;
      out.write(
        `Billing reconciled with the payment provider: ${run.checked} subscriptions checked.\n` +
          `Fixed: ${fixes('added')} added, ${fixes('updated')} updated, ${fixes('ended')} ended, ` +
          `${fixes('duplicate')} duplicates cancelled and refunded, ${fixes('closed')} of closed accounts cancelled, ` +
          `${fixes('eventRetried')} waiting events applied, ${fixes('eventExpired')} dropped after ${UNMATCHED_EVENT_DAYS} days; ${fixes('unknown')} of customers no account has (left alone).\n`,
      );
      return;
    }
    if (Date.now() > deadline)
      throw new AdminError(
        `No worker ran the reconciliation within ${command.timeoutSeconds} s: is \`npm start\` (or a ROLE=worker ` +
          'process) running? The request stays queued and runs when one starts.',
      );
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
