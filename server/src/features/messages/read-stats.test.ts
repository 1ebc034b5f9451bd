import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshMessageAggregates } from '../../domain/aggregates/rollup-queries.ts';
import { countMessages } from '../../domain/lists/message-list-queries.ts';
import { buildTheme } from '../../test/factories-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';
import { moodTableSums } from './read-stats-service.ts';

let t: Kit;
let superEditor: UserCaller;
let viewer: UserCaller;
let themeId: number;

interface Seeded {
  lom: number;
  mood: number | null;
  verified: boolean;
  archived: boolean;
  si: number;
  views: number;
  reposts: number;
  theme: boolean;
}
const seeded: Seeded[] = [];
const subscribers = new Map<number, number>();

const period = 'wrote_at_after=2025-05-01&wrote_at_before=2025-05-31';

beforeAll(async () => {
  t = await createKit();
  const db = t.database.db;
  superEditor = t.as('superEditor');
  viewer = t.as('user');
  themeId = (await buildTheme(db)).id;
  const lomIds: number[] = [];
  for (const n of [1_000, 20_000, 300_000]) {
    const lom = await buildLom(db, { subscribers: n });
    lomIds.push(lom.id);
    subscribers.set(lom.id, n);
  }
  // Every mood (4 apart from 3), a message without a mood, unverified and archived ones,
  // spread over loms and days; one message outside the period.
  const plan: Omit<Seeded, 'si' | 'views' | 'reposts' | 'theme'>[] = [
    { lom: lomIds[0], mood: 1, verified: true, archived: false },
    { lom: lomIds[1], mood: 1, verified: true, archived: false },
    { lom: lomIds[0], mood: 2, verified: true, archived: false },
    { lom: lomIds[2], mood: 3, verified: true, archived: false },
    { lom: lomIds[1], mood: 4, verified: true, archived: false },
    { lom: lomIds[2], mood: 5, verified: true, archived: false },
    { lom: lomIds[0], mood: 6, verified: true, archived: false },
    { lom: lomIds[2], mood: 6, verified: true, archived: true },
    { lom: lomIds[1], mood: 2, verified: false, archived: false },
    { lom: lomIds[1], mood: null, verified: true, archived: false },
  ];
  const ids: number[] = [];
  for (const [index, row] of plan.entries()) {
    const values = {
      si: 1.5 * (index + 1),
      views: 100 * (index + 1),
      reposts: index,
      theme: index % 2 === 0,
    };
    const message = await buildMessage(db, {
      text: `Сообщение ${index + 1}`,
      day: `2025-05-${String(1 + index * 3).padStart(2, '0')}`,
      lomId: row.lom,
      mood: row.mood,
      verified: row.verified,
      archived: row.archived,
      si: values.si,
      numberViews: values.views,
      repostCount: values.reposts,
      themeId: values.theme ? themeId : null,
    });
    ids.push(message.id);
    seeded.push({ ...row, ...values });
  }
  ids.push((await buildMessage(db, { day: '2025-06-15', lomId: lomIds[0], mood: 1, verified: true })).id);
  await refreshMessageAggregates(db, ids);
});
afterAll(() => t.close());

/** The mood table the seeded rows should give: verified only, mood rows 1–6, total over all moods. */
function expected(rows: Seeded[]) {
  const sums = (list: Seeded[]) => {
    const loms = new Set(list.map((r) => r.lom));
    return {
      message_count: list.length,
      lom_count: loms.size,
      total_si: list.reduce((sum, r) => sum + r.si, 0),
      total_views: list.reduce((sum, r) => sum + r.views, 0),
      subscribers: [...loms].reduce((sum, lom) => sum + (subscribers.get(lom) ?? 0), 0),
    };
  };
  const verified = rows.filter((r) => r.verified && r.mood !== null);
  const table: Record<string, ReturnType<typeof sums>> = {};
  for (const mood of [1, 2, 3, 4, 5, 6]) table[mood] = sums(verified.filter((r) => r.mood === mood));
  return { mood_table: table, total: sums(verified) };
}

function approx(body: ReturnType<typeof expected>) {
  const round = (row: ReturnType<typeof expected>['total']) => ({
    ...row,
    total_si: expect.closeTo(row.total_si, 6),
  });
  return {
    mood_table: Object.fromEntries(Object.entries(body.mood_table).map(([mood, row]) => [mood, round(row)])),
    total: round(body.total),
  };
}

describe('GET /api/v2/messages/mood-table/', () => {
  it('counts verified messages by mood with distinct loms and their subscribers', async () => {
    const res = await superEditor.get(`/api/v2/messages/mood-table/?${period}&archived=false`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject(approx(expected(seeded.filter((r) => !r.archived))));
  });

  it('answers the same from each table that can hold the filter', async () => {
    const db = t.database.db;
    const base = {
      wrote_at_after: new Date('2025-04-30T21:00:00Z'),
      wrote_at_before: new Date('2025-05-31T21:00:00Z'),
      verified: true,
    };
    const moodDays = await moodTableSums(db, base);
    const rollup = await moodTableSums(db, { ...base, theme_in: [themeId] });
    const messages = await moodTableSums(db, { ...base, search: 'Сообщение' });
    expect([moodDays.source, rollup.source, messages.source]).toEqual(['mood_days', 'rollup', 'messages']);
    const byMood = (sums: typeof moodDays.sums) =>
      Object.fromEntries(
        sums.map(({ mood, ...row }) => [String(mood), { ...row, total_si: Math.round(row.total_si * 1e6) }]),
      );
    // Search matches every seeded text, so it must agree with the rollup of mood days.
    expect(byMood(messages.sums)).toEqual(byMood(moodDays.sums));
    // A wider period: May from the month cells, edge weeks and days of April and June around it.
    const wide = await moodTableSums(db, {
      ...base,
      wrote_at_after: new Date('2025-04-16T21:00:00Z'),
      wrote_at_before: new Date('2025-06-10T21:00:00Z'),
    });
    expect(wide.source).toBe('mood_days');
    expect(byMood(wide.sums)).toEqual(byMood(moodDays.sums));
    const themed = expected(seeded.filter((r) => r.theme));
    const rollupRows = byMood(rollup.sums);
    for (const mood of [1, 2, 3, 5, 6]) {
      expect(rollupRows[String(mood)]?.message_count ?? 0, `mood ${mood}`).toBe(
        themed.mood_table[mood].message_count,
      );
      expect(rollupRows[String(mood)]?.subscribers ?? 0, `mood ${mood}`).toBe(
        themed.mood_table[mood].subscribers,
      );
    }
  });

  it('gives a super editor archived messages too, and readers the live ones', async () => {
    const all = (await superEditor.get(`/api/v2/messages/mood-table/?${period}`)).json();
    expect(all).toMatchObject(approx(expected(seeded)));
    const live = (await viewer.get(`/api/v2/messages/mood-table/?${period}`)).json();
    expect(live).toMatchObject(approx(expected(seeded.filter((r) => !r.archived))));
  });

  it('answers zeros for an empty period and 400 naming the field for a bad one', async () => {
    const empty = (await superEditor.get('/api/v2/messages/mood-table/?wrote_at_after=2030-01-01')).json();
    expect(empty.total).toMatchObject({ message_count: 0, lom_count: 0, subscribers: 0 });
    const bad = await superEditor.get('/api/v2/messages/mood-table/?wrote_at_after=2025-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('wrote_at_after');
  });
});

describe('GET /api/v2/messages/lom-stat/', () => {
  it('orders loms by the chosen stat with their own mood tables', async () => {
    const live = seeded.filter((r) => !r.archived);
    for (const [stat, key] of [
      ['si', 'si'],
      ['views', 'views'],
      ['reposts', 'reposts'],
    ] as const) {
      const res = await superEditor.get(`/api/v2/messages/lom-stat/?${period}&archived=false&stat=${stat}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const totals = new Map<number, number>();
      for (const r of live) totals.set(r.lom, (totals.get(r.lom) ?? 0) + r[key]);
      const order = [...totals].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([lom]) => lom);
      expect(
        body.results.map((row: { lom: { id: number } }) => row.lom.id),
        stat,
      ).toEqual(order);
      expect(body.elements_count).toBe(3);
      const first = body.results[0];
      expect(first.message_count).toBe(live.filter((r) => r.lom === first.lom.id).length);
      expect(first.subscribers).toBe(subscribers.get(first.lom.id));
    }
  });

  it('pages and refuses a bad stat naming the field', async () => {
    const page = (await superEditor.get(`/api/v2/messages/lom-stat/?${period}&page_size=2&page=2`)).json();
    expect(page).toMatchObject({ page: 2, elements_count: 3, last_page: 2 });
    expect(page.results).toHaveLength(1);
    const bad = await superEditor.get(`/api/v2/messages/lom-stat/?${period}&stat=likes`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('stat');
  });
});

describe('countMessages', () => {
  it('counts the same from mood days, day counts and messages, messages without a mood included', async () => {
    const db = t.database.db;
    const base = {
      wrote_at_after: new Date('2025-04-30T21:00:00Z'),
      wrote_at_before: new Date('2025-05-31T21:00:00Z'),
    };
    const byMoodDays = await countMessages(db, base);
    // message_type_in sends the count to message_day_counts, a search to messages; both filter nothing here.
    const byDayCounts = await countMessages(db, { ...base, message_type_in: [0] });
    const byMessages = await countMessages(db, { ...base, search: 'Сообщение' });
    expect([byMoodDays, byDayCounts, byMessages]).toEqual([seeded.length, seeded.length, seeded.length]);
    const liveVerified = seeded.filter((r) => r.verified && !r.archived).length;
    expect(await countMessages(db, { ...base, verified: true, archived: false })).toBe(liveVerified);
    expect(await countMessages(db, { ...base, mood_in: [3] })).toBe(
      seeded.filter((r) => r.mood === 3 || r.mood === 4).length,
    );
  });
});
