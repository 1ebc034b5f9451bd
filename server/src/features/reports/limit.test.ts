import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildAggregates } from '../../test/factories-aggregates.ts';
import { createKit, type Kit } from '../../test/kit.ts';

let t: Kit;

beforeAll(async () => {
  t = await createKit();
  // One more than a report may cover, all in June 2025. Loaded as the demo loader does: the row triggers stand aside
  // (their per-row rollup work took 150 s on PGlite) and the rollups are rebuilt set-based after, to what the
  // triggers would have kept.
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(
      sql`insert into messages (text, wrote_at)
          select 'x', timestamptz '2025-06-01T00:00:00Z' + g * interval '10 seconds' from generate_series(1, 200001) g`,
    );
  });
  await rebuildAggregates(t.database.db);
});
afterAll(() => t.close());

const get = (url: string) => t.as('user').get(url);

describe('the report limit', () => {
  for (const path of ['get-xlsx', 'get-report', 'get-word-report', 'get-word-popular-report']) {
    it(`${path} refuses more than 200,000 messages with a Russian message naming the period`, async () => {
      const res = await get(`/api/v1/messages/${path}/?wrote_at_after=2025-06-01&wrote_at_before=2025-06-30`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        field: 'wrote_at_after',
        // formatNumber groups digits with a no-break space, as Russian typography wants.
        message:
          'Отчёт не может включать больше 200\u00a0000 сообщений: сократите период или уточните фильтры',
      });
    });
  }

  it('the estimation says so without refusing', async () => {
    const res = await get(
      '/api/v1/messages/get-xlsx-estimation/?wrote_at_after=2025-06-01&wrote_at_before=2025-06-30',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      messages_number: 200_001,
      exceeds_limit: true,
      max_messages: 200_000,
    });
  });
});
