import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregateSnapshot } from '../../test/factories-aggregates.ts';
import { buildTheme } from '../../test/factories-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { createKit, type Kit } from '../../test/kit.ts';
import { aggregateKeysOf, refreshAggregates } from './rollup-queries.ts';

/**
 * The regional lock of theme_regional_days comes before a lom's row (migration 0026). A message
 * writer holds it shared from the triggers of messages and then updates its lom's metric columns;
 * a change of that lom's region must queue for the lock before it locks the row, or the two wait
 * on each other and PostgreSQL kills one of them (seen in CI as "deadlock detected").
 * Two connections are needed, so PostgreSQL only.
 */
let t: Kit;
beforeAll(async () => {
  t = await createKit();
});
afterAll(() => t?.close());

describe.skipIf(!process.env.TEST_DATABASE_URL)('a region change beside a writer of the lom', () => {
  it('waits for the writer instead of deadlocking with it, and the rollups stay exact', async () => {
    const db = t.database.db;
    const pool = t.database.pool;
    if (!pool) throw new Error('PostgreSQL test database without a pool');
    const lom = await buildLom(db, { regionType: 2 });
    const theme = await buildTheme(db);
    const message = await buildMessage(db, { lomId: lom.id, themeId: theme.id, mood: 1 });
    await refreshAggregates(db, await aggregateKeysOf(db, [message.id]));

    const writer = await pool.connect();
    const changer = await pool.connect();
    try {
      await writer.query('begin');
      // The triggers of messages take the regional lock shared.
      await writer.query('update messages set mood = 3 where id = $1', [message.id]);
      const { rows } = await changer.query<{ pid: number }>('select pg_backend_pid() as pid');
      const change = changer.query('update loms set region_type = 1 where id = $1', [lom.id]);
      // The change now waits for the lock, holding nothing of the lom.
      for (let attempt = 0; ; attempt++) {
        const waiting = await pool.query<{ wait: string | null }>(
          'select wait_event_type as wait from pg_stat_activity where pid = $1',
          [rows[0].pid],
        );
        if (waiting.rows[0]?.wait === 'Lock') break;
        if (attempt > 100) throw new Error('the region change never waited');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // As refreshLomMetrics does after a write: the writer updates its lom's row.
      await writer.query('update loms set total_si = total_si where id = $1', [lom.id]);
      await writer.query('commit');
      await change;
    } finally {
      writer.release();
      changer.release();
    }
    const { current, expected } = await aggregateSnapshot(db);
    expect(current).toEqual(expected);
  });
});
