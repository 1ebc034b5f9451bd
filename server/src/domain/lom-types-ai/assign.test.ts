import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { lomLomTypes, lomTypes } from '../../db/schema/index.ts';
import { buildTheme } from '../../test/factories-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { insertMessages } from '../../test/factories-messages.ts';
import { createKit, type Kit } from '../../test/kit.ts';
import { assignLomTypesByThemes, LOM_TYPE_AI_RULES } from './assign.ts';

let kit: Kit;
const DAY = 86_400_000;
let transport: number;
let culture: number;
let transportType: number;
let archivedType: number;
let cultureType: number;

beforeAll(async () => {
  kit = await createKit();
  transport = (await buildTheme(kit.db, { name: 'Общественный транспорт' })).id;
  culture = (await buildTheme(kit.db, { name: 'Культура' })).id;
  const types = await kit.db
    .insert(lomTypes)
    .values([
      { name: 'Транспортные каналы', themeId: transport, isInterest: true },
      { name: 'Транспорт (архив)', themeId: transport, isInterest: true, archived: true },
      { name: 'Культурные площадки', themeId: culture, isInterest: true },
      { name: 'Без темы' },
    ])
    .returning({ id: lomTypes.id });
  [transportType, archivedType, cultureType] = types.map((t) => t.id);
});
afterAll(() => kit.close());

/** `count` live messages of a lom in a theme, `daysAgo` days old. */
async function write(lomId: number, themeId: number, count: number, daysAgo = 3) {
  await insertMessages(
    kit.db,
    Array.from({ length: count }, (_, i) => ({
      lomId,
      themeId,
      text: `Сообщение ${i}`,
      wroteAt: new Date(Date.now() - daysAgo * DAY - i * 60_000),
    })),
  );
}

const linksOf = async (lomId: number) =>
  (
    await queryRows<{ lom_type_id: number; assigned_by_ai: boolean }>(
      kit.db,
      sql`select lom_type_id, assigned_by_ai from lom_lom_types where lom_id = ${lomId} order by lom_type_id`,
    )
  ).map((r) => [r.lom_type_id, r.assigned_by_ai]);

describe('lom types assigned by AI from the themes of a lom’s messages', () => {
  it('assigns the type of a theme a lom keeps writing about, and only that one', async () => {
    const lom = (await buildLom(kit.db, { name: 'Транспорт города' })).id;
    await write(lom, transport, 12);
    await write(lom, culture, 8); // 8 < 10 messages: not enough for the culture type
    const quiet = (await buildLom(kit.db, { name: 'Иногда о транспорте' })).id;
    await write(quiet, transport, 4); // 100 % of its themed messages, but only 4
    const scattered = (await buildLom(kit.db, { name: 'Обо всём' })).id;
    await write(scattered, transport, 10);
    await write(scattered, culture, 40); // transport 10 of 50 = 20 % < 30 %; culture 80 %
    const old = (await buildLom(kit.db, { name: 'Раньше о транспорте' })).id;
    await write(old, transport, 20, LOM_TYPE_AI_RULES.days + 5); // outside the window

    expect(await assignLomTypesByThemes(kit.db)).toEqual({ added: 2, removed: 0 });
    expect(await linksOf(lom)).toEqual([[transportType, true]]);
    expect(await linksOf(quiet)).toEqual([]);
    expect(await linksOf(scattered)).toEqual([[cultureType, true]]);
    expect(await linksOf(old)).toEqual([]);
    expect((await linksOf(lom)).map(([id]) => id)).not.toContain(archivedType);
    // Running again changes nothing.
    expect(await assignLomTypesByThemes(kit.db)).toEqual({ added: 0, removed: 0 });
  });

  it('never touches an editor’s link, and removes its own when the messages stop supporting it', async () => {
    const lom = (await buildLom(kit.db, { name: 'Культура и транспорт' })).id;
    await write(lom, culture, 15);
    // The editor gave it the transport type by hand; the machine would not, and must leave it.
    await kit.db.insert(lomLomTypes).values({ lomId: lom, lomTypeId: transportType, assignedByAi: false });
    await assignLomTypesByThemes(kit.db);
    expect(await linksOf(lom)).toEqual([
      [transportType, false],
      [cultureType, true],
    ]);
    // The lom's culture messages move to another theme: the machine's link goes, the editor's stays.
    await kit.db.execute(sql`update messages set theme_id = null where lom_id = ${lom}`);
    const result = await assignLomTypesByThemes(kit.db);
    expect(result.removed).toBe(1);
    expect(await linksOf(lom)).toEqual([[transportType, false]]);
  });
});
