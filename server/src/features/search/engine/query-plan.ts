import { sql, type RawBuilder } from 'kysely';
import type { Db } from '@patentscout/db';

/** A node of Postgres' JSON plan: its type, its estimated rows and its children. */
export interface PlanNode {
  'Node Type': string;
  'Plan Rows': number;
  Plans?: PlanNode[];
}

/** The planner's plan for `statement`, not executed; the root's `Plan Rows` is its row estimate. */
export async function planOf(executor: Db, statement: RawBuilder<unknown>): Promise<PlanNode | undefined> {
  const { rows } = await sql<{
    'QUERY PLAN': [{ Plan: PlanNode }];
  }>`EXPLAIN (FORMAT JSON) ${statement}`.execute(executor);
  return rows[0]?.['QUERY PLAN'][0].Plan;
}
