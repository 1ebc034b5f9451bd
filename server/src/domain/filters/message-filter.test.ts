import { messageFilterQuery } from '@monitoring/contracts';
import { and, asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  buildCity,
  buildInfoReason,
  buildRegion,
  buildRubric,
  buildSource,
  buildTag,
  buildTheme,
} from '../../test/factories-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage, ensureContentTypes } from '../../test/factories-messages.ts';
import { withoutNoOpLists, withRoleDefaults } from './message-filter.ts';
import { messageFilterConditions } from './message-filter-queries.ts';

let t: TestApp;
const ids: Record<string, number> = {};
const messageIds: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await ensureContentTypes(db);
  const [lomA, lomB] = [await buildLom(db, { name: 'Анна Иванова' }), await buildLom(db)];
  const source = await buildSource(db);
  const theme = await buildTheme(db);
  const reason = await buildInfoReason(db, { themeId: theme.id });
  const rubric = await buildRubric(db);
  const tag = await buildTag(db);
  const region = await buildRegion(db);
  const city = await buildCity(db, { regionId: region.id });
  Object.assign(ids, { lomA: lomA.id, lomB: lomB.id, source: source.id, theme: theme.id, reason: reason.id });
  Object.assign(ids, { rubric: rubric.id, tag: tag.id, region: region.id, city: city.id });
  // Every message is in state 1 (entered) but 'placed', which state_in picks out.
  const build = async (key: string, values: Parameters<typeof buildMessage>[1]) => {
    messageIds[key] = (await buildMessage(db, { state: 1, ...values })).id;
  };
  await build('plain', { day: '2025-03-01', lomId: lomB.id, lomName: 'Другой', text: 'Обычный день' });
  await build('lomA', { day: '2025-03-02', lomId: lomA.id, lomName: 'Анна Иванова', mood: 1 });
  await build('themed', { day: '2025-03-03', themeId: theme.id, infoReasonId: reason.id, mood: 3 });
  await build('other', { day: '2025-03-04', mood: 4, sourceId: source.id, contentTypeId: 2 });
  await build('placed', {
    day: '2025-03-05',
    regionId: region.id,
    cityId: city.id,
    messageType: 1,
    state: 2,
  });
  await build('linked', {
    day: '2025-03-06',
    rubricIds: [rubric.id],
    tagIds: [tag.id],
    text: 'Про 100% успех',
  });
  await build('archived', { day: '2025-03-07', archived: true, verified: true });
  await build('flags', { day: '2025-03-08', delayed: true, trash: true, verifiedAi: true, fromZephyr: true });
  await build('super', { day: '2025-03-09', verified: true, verifiedBySuperEditor: true });
  // Moscow day edges: 00:00 of 03-10 belongs to 03-10, 23:59:59.999 of 03-09 to 03-09.
  await build('edgeStart', { wroteAt: new Date('2025-03-09T21:00:00Z') });
  await build('edgeEnd', { wroteAt: new Date('2025-03-09T20:59:59.999Z') });
});
afterAll(() => t.close());

async function matching(query: Record<string, string>): Promise<string[]> {
  const filter = messageFilterQuery.parse(query);
  const rows = await t.database.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(...messageFilterConditions(filter)))
    .orderBy(asc(messages.id));
  const names = Object.fromEntries(Object.entries(messageIds).map(([name, id]) => [id, name]));
  return rows.map((r) => names[r.id]);
}

describe('messageFilterConditions', () => {
  it('selects by period in Moscow days, before inclusive of its whole day', async () => {
    expect(await matching({ wrote_at_after: '2025-03-09', wrote_at_before: '2025-03-09' })).toEqual([
      'super',
      'edgeEnd',
    ]);
    expect(await matching({ message__wrote_at_after: '2025-03-10' })).toEqual(['edgeStart']);
    expect(await matching({ wrote_at_before: '2025-03-01T23:00:00+03:00' })).toEqual(['plain']);
  });

  it('selects by every id list', async () => {
    expect(await matching({ lom_in: String(ids.lomA) })).toEqual(['lomA']);
    expect(await matching({ id_in: `${messageIds.plain},${messageIds.super}` })).toEqual(['plain', 'super']);
    expect(await matching({ theme_in: String(ids.theme) })).toEqual(['themed']);
    expect(await matching({ info_reason_in: String(ids.reason) })).toEqual(['themed']);
    expect(await matching({ rubric_in: String(ids.rubric) })).toEqual(['linked']);
    expect(await matching({ tag_in: `${ids.tag},999999` })).toEqual(['linked']);
    expect(await matching({ region_in: String(ids.region) })).toEqual(['placed']);
    expect(await matching({ city_in: String(ids.city) })).toEqual(['placed']);
    expect(await matching({ source_in: String(ids.source) })).toEqual(['other']);
    expect(await matching({ type_in: '2' })).toEqual(['other']);
    expect(await matching({ message_type_in: '1' })).toEqual(['placed']);
    expect(await matching({ state_in: '2' })).toEqual(['placed']);
  });

  it('reads mood 3 as 3 and 4', async () => {
    expect(await matching({ mood_in: '3' })).toEqual(['themed', 'other']);
    expect(await matching({ mood_in: '1,4' })).toEqual(['lomA', 'other']);
  });

  it('tests each flag', async () => {
    expect(await matching({ archived: 'true' })).toEqual(['archived']);
    expect(await matching({ delayed: 'true' })).toEqual(['flags']);
    expect(await matching({ trash: 'true' })).toEqual(['flags']);
    expect(await matching({ verified_ai: 'true' })).toEqual(['flags']);
    expect(await matching({ from_zephyr: 'true' })).toEqual(['flags']);
    expect(await matching({ verified: 'true' })).toEqual(['archived', 'super']);
    expect(await matching({ verified: 'true', verified_by_super_editor: 'false' })).toEqual(['archived']);
    expect(await matching({ message__archived: 'false', trash: 'false', delayed: 'false' })).not.toContain(
      'archived',
    );
  });

  it('searches in the query language: words in every form, the author by author:, symbols as word breaks', async () => {
    expect(await matching({ search: 'Обычного' })).toEqual(['plain']);
    expect(await matching({ search: 'author:"анна иванова"' })).toEqual(['lomA']);
    expect(await matching({ search: 'анна' })).toEqual([]);
    expect(await matching({ search: '100%' })).toEqual(['linked']);
  });
});

describe('role defaults and no-op lists', () => {
  it('adds archived=false only for readers without SUPER_EDITOR_STATUS who did not choose', () => {
    expect(withRoleDefaults({}, false)).toEqual({ archived: false });
    expect(withRoleDefaults({ archived: true }, false)).toEqual({ archived: true });
    expect(withRoleDefaults({}, true)).toEqual({});
  });

  it('drops lists naming every message type or status', () => {
    expect(withoutNoOpLists({ message_type_in: [0, 1, 8, 101, 102], state_in: [1, 2] })).toEqual({
      state_in: [1, 2],
    });
    expect(withoutNoOpLists({ state_in: [1, 2, 3, 4] })).toEqual({});
  });
});
