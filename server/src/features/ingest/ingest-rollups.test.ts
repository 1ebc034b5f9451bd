import { INGEST_PATHS, type IngestResult, ROLES } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { lomProducerCenters } from '../../db/schema/index.ts';
import { aggregateSnapshot } from '../../test/factories-aggregates.ts';
import { buildIngestSources } from '../../test/factories-directories.ts';
import { buildProducerCenter } from '../../test/factories-lom-directories.ts';
import { buildLom, buildLomSource } from '../../test/factories-loms.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';

/**
 * The ingestion's batches against every rollup (docs/ingestion.md "Rollups and counters", docs/aggregates.md):
 * creates, updates and copies over linked and unlinked accounts, a regional lom and a lom of a producer center
 * leave every rollup, the lom metrics and the news statistics equal to a rebuild from scratch. And the
 * near-duplicate check of a stored candidate reads its stored shingles, or its text when it has none.
 */

const ndjson = (rows: readonly unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n');
const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const TEXT =
  'Городская администрация сообщила о капитальном ремонте школы номер двенадцать: работы начнутся летом, ' +
  'ученики на время ремонта перейдут в соседнее здание, а родителей приглашают на собрание в четверг';

describe('ingest batches and the rollups', () => {
  let kit: Kit;
  let service: UserCaller;
  const lomIds: Record<string, number> = {};
  const post = async (lines: readonly unknown[]): Promise<IngestResult> => {
    const res = await service.inject({
      method: 'POST',
      url: INGEST_PATHS.messages,
      payload: ndjson(lines),
      headers: { 'content-type': 'application/x-ndjson' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    kit = await createKit();
    await buildIngestSources(kit.db);
    const plain = await buildLom(kit.db, { name: 'Обычный ЛОМ' });
    const regional = await buildLom(kit.db, { name: 'Региональный ЛОМ', regionType: 2 });
    const produced = await buildLom(kit.db, { name: 'ЛОМ центра' });
    Object.assign(lomIds, { plain: plain.id, regional: regional.id, produced: produced.id });
    const center = await buildProducerCenter(kit.db);
    await kit.db.insert(lomProducerCenters).values({ lomId: produced.id, producerCenterId: center.id });
    await buildLomSource(kit.db, { lomId: plain.id, sourceId: 1, url: 'https://t.me/plain' });
    await buildLomSource(kit.db, { lomId: regional.id, sourceId: 1, url: 'https://t.me/regional' });
    await buildLomSource(kit.db, { lomId: produced.id, sourceId: 2, url: 'https://vk.com/produced' });
    service = await kit.caller({ role: ROLES.service, extraPermissions: ['api_edit'] });
  });
  afterAll(() => kit.close());

  it('keeps every rollup equal to a rebuild through creates, copies and updates', async () => {
    const accounts = [
      { source: 'Telegram', lom_source_url: 'https://t.me/plain' },
      { source: 'Telegram', lom_source_url: 'https://t.me/regional' },
      { source: 'vk.com', lom_source_url: 'https://vk.com/produced' },
      { source: 'Telegram', lom_source_url: 'https://t.me/nobody_yet' },
      { source: 'vk.com' },
    ];
    const line = (n: number, views: number) => ({
      ...accounts[n % accounts.length],
      external_id: `r${n}`,
      text: n % 3 === 0 ? TEXT : `Сообщение ${n} о дорогах, ремонте и транспорте города, выпуск ${n * 7}`,
      // Over three days and both sides of a Moscow midnight.
      wrote_at: ago(1 + n * 2.5),
      type: n % 7 === 0 ? 1 : 0,
      views,
      reposts: n % 4,
      comments: n % 2,
      ...(n % 7 === 0 && n > 0 ? { copy_of: `r${n - 1}` } : {}),
    });
    const first = await post(Array.from({ length: 30 }, (_, n) => line(n, n * 10)));
    expect(first).toMatchObject({ created: 30, updated: 0, rejected: 0 });
    expect(first.linked_copies).toBeGreaterThan(4);
    let snapshot = await aggregateSnapshot(kit.db);
    expect(snapshot.current).toEqual(snapshot.expected);

    // Updates of half of them (new metrics) with new messages in the same batch, then the same again.
    const second = await post([
      ...Array.from({ length: 15 }, (_, n) => line(n * 2, 1000 + n)),
      ...Array.from({ length: 10 }, (_, n) => line(30 + n, n)),
    ]);
    expect(second).toMatchObject({ created: 10, updated: 15 });
    const third = await post(Array.from({ length: 40 }, (_, n) => line(n, 5)));
    expect(third).toMatchObject({ created: 0, updated: 40 });
    snapshot = await aggregateSnapshot(kit.db);
    expect(snapshot.current).toEqual(snapshot.expected);
  });

  it('checks a stored candidate by its stored shingles, or by its text when it has none', async () => {
    const base = { source: 'Telegram', lom_source_url: 'https://t.me/plain' };
    const text =
      'В парке у реки открыли новую детскую площадку с качелями и горкой, а рядом поставили скамейки, ' +
      'фонари и питьевой фонтанчик; жители просили об этом три года';
    await post([
      { ...base, external_id: 'with-shingles', text, wrote_at: ago(30) },
      { ...base, external_id: 'without-shingles', text: `Срочно: ${text}`, wrote_at: ago(29) },
    ]);
    const stored = await queryRows<{ external_id: string; id: number; n: number }>(
      kit.db,
      sql`select m.external_id, m.id, cardinality(s.shingles) as n
            from messages m join message_text_shingles s on s.message_id = m.id
           where m.external_id in ('with-shingles', 'without-shingles') order by m.external_id`,
    );
    expect(stored.map((r) => r.external_id)).toEqual(['with-shingles', 'without-shingles']);
    expect(stored.every((r) => r.n > 10)).toBe(true);
    // As a message ingested before the shingles were kept.
    const bare = stored[1].id;
    await kit.db.execute(sql`delete from message_text_shingles where message_id = ${bare}`);

    const later = await post([{ ...base, external_id: 'near', text: `${text} вечером`, wrote_at: ago(28) }]);
    expect(later).toMatchObject({ created: 1, linked_copies: 1 });
    const [near] = await queryRows<{ copy_from_id: number; duplicates: { id: number }[] }>(
      kit.db,
      sql`select copy_from_id, duplicates from messages where external_id = 'near'`,
    );
    expect(near.copy_from_id).toBe(stored[0].id);
    expect(near.duplicates.map((d) => d.id).sort((a, b) => a - b)).toEqual([stored[0].id, bare]);
  });

  it('gives viral_per_cent as the row trigger would, set-based, for new and re-sent messages', async () => {
    // After the first test: the three loms have messages on the days before today.
    const fresh = [
      { account: 'https://t.me/plain', lom: lomIds.plain, views: 90_000, reposts: 40 },
      { account: 'https://t.me/regional', lom: lomIds.regional, views: 3, reposts: 0 },
      { account: 'https://vk.com/produced', lom: lomIds.produced, views: 70_000, reposts: 5 },
      { account: 'https://t.me/nobody_yet', lom: null, views: 90_000, reposts: 40 },
    ].map((f, n) => ({ ...f, wrote_at: ago(0.2 + n * 0.01), external_id: `v${n}` }));
    const expected: Record<string, number> = {};
    for (const f of fresh) {
      const [row] = await queryRows<{ v: number }>(
        kit.db,
        sql`select message_viral_per_cent(${f.lom}::int, ${f.wrote_at}::timestamptz, ${f.views}::bigint, ${f.reposts}::int) as v`,
      );
      expected[f.external_id] = row.v;
    }
    // Re-sent: r0 with new views (recomputed from its stored lom and day), r1 unchanged (keeps its value).
    const [r0] = await queryRows<{ v: number }>(
      kit.db,
      sql`select message_viral_per_cent(lom_id, wrote_at, 250000, 9) as v from messages where external_id = 'r0'`,
    );
    expected.r0 = r0.v;
    const [r1] = await queryRows<{ v: number; wrote_at: string; reposts: number }>(
      kit.db,
      sql`select viral_per_cent as v, wrote_at::text as wrote_at, repost_count as reposts from messages where external_id = 'r1'`,
    );
    expected.r1 = r1.v;
    expect(Object.values(expected).filter((v) => v > 0).length).toBeGreaterThanOrEqual(2);

    await post([
      ...fresh.map((f) => ({
        source: f.account.includes('vk.com') ? 'vk.com' : 'Telegram',
        lom_source_url: f.account,
        external_id: f.external_id,
        text: `Вирусный пост номер ${f.external_id}`,
        wrote_at: f.wrote_at,
        views: f.views,
        reposts: f.reposts,
      })),
      {
        source: 'Telegram',
        lom_source_url: 'https://t.me/plain',
        external_id: 'r0',
        text: 'x',
        wrote_at: ago(1),
        views: 250_000,
        reposts: 9,
      },
      {
        source: 'Telegram',
        lom_source_url: 'https://t.me/nobody_yet',
        external_id: 'r1',
        text: 'x',
        wrote_at: ago(1),
        views: 5,
        reposts: r1.reposts,
      },
    ]);
    const stored = await queryRows<{ external_id: string; v: number }>(
      kit.db,
      sql`select external_id, viral_per_cent as v from messages where external_id in ('v0', 'v1', 'v2', 'v3', 'r0', 'r1')`,
    );
    expect(Object.fromEntries(stored.map((r) => [r.external_id, r.v]))).toEqual(expected);
    // The trigger works again for every other writer of the transaction and after it.
    await kit.db.execute(sql`update messages set number_views = 1 where external_id = 'v0'`);
    const [v0] = await queryRows<{ v: number; again: number }>(
      kit.db,
      sql`select viral_per_cent as v, message_viral_per_cent(lom_id, wrote_at, 1, repost_count) as again
            from messages where external_id = 'v0'`,
    );
    expect(v0.v).toBe(v0.again);
  });
});
