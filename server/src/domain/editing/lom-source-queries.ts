import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { urlKeySql } from '../../db/schema/index.ts';

// Lom sources (accounts) by address and the loms' coverage columns: the Excel import and the
// lom editor both bind accounts to loms.

/** Rows per statement: keeps every statement well under PostgreSQL's parameter and size limits. */
export const BATCH = 2000;

export function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

export const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** The same rule as contracts' sourceUrlKey, in SQL. */
export const URL_KEY = urlKeySql(sql`ls.url`);

export interface ExistingSource {
  key: string;
  sourceId: number;
  lomId: number | null;
}

/** Lom sources by address key; of several with one address, a bound one (then the oldest) wins. */
export async function findSourcesByKey(
  db: Db,
  keys: readonly string[],
): Promise<Map<string, ExistingSource>> {
  const found = new Map<string, ExistingSource>();
  for (const part of chunks(keys)) {
    const rows = await queryRows<{ key: string; source_id: number; lom_id: number | null }>(
      db,
      // Lateral, so each key is one probe of lom_sources_url_key_idx (a join hashed every account's address).
      sql`select distinct on (k.key) k.key, ls.id as source_id, ls.lom_id
            from jsonb_array_elements_text(${json(part)}) as k(key)
            cross join lateral (
              select ls.id, ls.lom_id from lom_sources ls where ${URL_KEY} = k.key order by (ls.lom_id is null), ls.id limit 1
            ) ls
           order by k.key`,
    );
    for (const r of rows) found.set(r.key, { key: r.key, sourceId: r.source_id, lomId: r.lom_id });
  }
  return found;
}

/** The loms' subscriber columns follow their accounts (docs/data-model.md: lom metric columns). */
export async function refreshLomCoverage(db: Db, lomIds: readonly number[]): Promise<void> {
  for (const part of chunks(lomIds)) {
    await db.execute(sql`
      update loms l set sum_coverage = s.sum_coverage, subscribers = s.max_coverage
        from (
          select x.id,
                 coalesce(sum(ls.coverage) filter (where ls.is_active), 0) as sum_coverage,
                 coalesce(max(ls.coverage) filter (where ls.is_active), 0) as max_coverage
            from jsonb_array_elements_text(${json(part)}) as j(value)
            cross join lateral (select j.value::int as id) x
            left join lom_sources ls on ls.lom_id = x.id
           group by x.id
        ) s
       where l.id = s.id`);
  }
}
