import { INGEST_PATHS, type IngestResult, ROLES } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { lomProducerCenters, sources } from '../../db/schema/index.ts';
import { aggregateSnapshot } from '../../test/factories-aggregates.ts';
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
    await kit.db.insert(sources).values([
      { id: 1, name: 'Telegram', host: 't.me' },
      { id: 2, name: 'ВКонтакте', host: 'vk.com' },
    ]);
    await kit.db.execute(sql`select setval(pg_get_serial_sequence('sources', 'id'), 2)`);
    const plain = await buildLom(kit.db, { name: 'Обычный ЛОМ' });
    const regional = await buildLom(kit.db, { name: 'Региональный ЛОМ', regionType: 2 });
    const produced = await buildLom(kit.db, { name: 'ЛОМ центра' });
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
});
