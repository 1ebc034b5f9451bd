import { REPORT_TABLE_PATHS } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ReportDayRow,
  reportDayRows,
  reportGroupPage,
} from '../../domain/aggregates/report-table-queries.ts';
import { buildInfoReason, buildTheme } from '../../test/factories-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';

let kit: Kit;
let user: UserCaller;
let themeA: { id: number };
let themeB: { id: number };
let reason: { id: number };

/** A week of its own, far from every other test's days. */
const PERIOD = { wrote_at_after: '2031-05-01', wrote_at_before: '2031-05-07' };

beforeAll(async () => {
  kit = await createKit();
  user = kit.as('user');
  const db = kit.db;
  themeA = await buildTheme(db, { name: 'Дороги' });
  themeB = await buildTheme(db, { name: 'Школы' });
  reason = await buildInfoReason(db, { name: 'Ремонт моста', themeId: themeA.id });
  const lom1 = await buildLom(db, { name: 'Иван Петров' });
  const lom2 = await buildLom(db, { name: 'Мария Сидорова' });
  // Theme A: 3 live messages (si 10+10+50, views 100 each), moods 1, 2, 1; two loms.
  await buildMessage(db, {
    day: '2031-05-01',
    themeId: themeA.id,
    infoReasonId: reason.id,
    lomId: lom1.id,
    mood: 1,
  });
  await buildMessage(db, { day: '2031-05-02', themeId: themeA.id, lomId: lom2.id, mood: 2 });
  await buildMessage(db, { day: '2031-05-02', themeId: themeA.id, lomId: lom1.id, mood: 1, si: 50 });
  // Theme B: 2 live messages with many views, one lom.
  await buildMessage(db, {
    day: '2031-05-03',
    themeId: themeB.id,
    lomId: lom2.id,
    mood: 3,
    numberViews: 5000,
  });
  await buildMessage(db, {
    day: '2031-05-04',
    themeId: themeB.id,
    lomId: lom2.id,
    mood: 4,
    numberViews: 5000,
  });
  // Not counted: trash, archived, delayed; one without a theme counts in all only.
  await buildMessage(db, { day: '2031-05-03', themeId: themeB.id, lomId: lom1.id, trash: true, si: 1000 });
  await buildMessage(db, { day: '2031-05-03', themeId: themeB.id, lomId: lom1.id, archived: true, si: 1000 });
  await buildMessage(db, { day: '2031-05-03', themeId: themeB.id, lomId: lom1.id, delayed: true, si: 1000 });
  await buildMessage(db, { day: '2031-05-05', lomId: lom1.id, mood: 3 });
});

afterAll(async () => {
  await kit?.close();
});

interface Row {
  id: number;
  name: string;
  moods: Record<string, number>;
  message_count: number;
  total_si: number;
  total_views: number;
  lom_count: number;
}

async function rows(path: string, query: Record<string, string | number> = {}) {
  const res = await user.get(path, { ...PERIOD, ...query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { results: Row[]; elements_count: number; last_page: number };
}

describe('report tables', () => {
  it('need a login and the picture of the day', async () => {
    for (const path of Object.values(REPORT_TABLE_PATHS)) {
      expect((await kit.anonymous.get(path)).statusCode).toBe(401);
      expect((await kit.as('role0').get(path)).statusCode).toBe(403);
      expect((await kit.as('lomSelection').get(path)).statusCode).toBe(403);
    }
  });

  it('themes: live messages only, mood counts, SI, views, loms; ordered by SI, views or messages', async () => {
    const bySi = await rows(REPORT_TABLE_PATHS.themes);
    expect(bySi.elements_count).toBe(2);
    expect(bySi.results[0]).toEqual({
      id: themeA.id,
      name: 'Дороги',
      moods: { 1: 2, 2: 1, 3: 0, 4: 0, 5: 0, 6: 0 },
      message_count: 3,
      total_si: 70,
      total_views: 300,
      lom_count: 2,
    });
    expect(bySi.results[1]).toMatchObject({
      id: themeB.id,
      message_count: 2,
      total_si: 20,
      total_views: 10000,
    });
    const byViews = await rows(REPORT_TABLE_PATHS.themes, { ordering: 'views' });
    expect(byViews.results.map((r) => r.id)).toEqual([themeB.id, themeA.id]);
    const byMessages = await rows(REPORT_TABLE_PATHS.themes, { ordering: 'messages' });
    expect(byMessages.results.map((r) => r.id)).toEqual([themeA.id, themeB.id]);
    // Sending archived=true does not bring the archive in: the live flags are the call's.
    const archived = await rows(REPORT_TABLE_PATHS.themes, { archived: 'true', trash: 'true' });
    expect(archived.results.map((r) => r.total_si)).toEqual([70, 20]);
  });

  it('answers the same from messages as from the rollups', async () => {
    const cells = await rows(REPORT_TABLE_PATHS.themes);
    // message_type_in is not a key of message_daily_stats: the reader falls back to messages.
    const raw = await rows(REPORT_TABLE_PATHS.themes, { message_type_in: '0' });
    expect(raw).toEqual(cells);
    // A source is a key of message_daily_stats, not of the theme cells.
    const sources = (await kit.db.execute(sql`select distinct source_id from messages`)) as unknown as {
      rows: { source_id: number }[];
    };
    const bySource = await rows(REPORT_TABLE_PATHS.themes, {
      source_in: sources.rows.map((r) => r.source_id).join(','),
    });
    expect(bySource).toEqual(cells);
    // The themes come from theme_day_stats and theme_mood_days when the filter tests only the period and
    // themes; a mood or verified test takes message_daily_stats.
    const live = { trash: false, archived: false, delayed: false } as const;
    const period = {
      wrote_at_after: new Date('2031-04-30T21:00:00Z'),
      wrote_at_before: new Date('2031-05-06T21:00:00Z'),
    };
    for (const filter of [{}, { theme_in: [themeA.id] }, { verified: true }, { mood_in: [1, 3] }]) {
      const page = await reportGroupPage(kit.db, { ...live, ...period, ...filter }, 'theme', 'si', 1, 5);
      expect(page.source).toBe('verified' in filter || 'mood_in' in filter ? 'rollup' : 'cells');
      const fallback = await reportGroupPage(
        kit.db,
        { ...live, ...period, ...filter, message_type_in: [0] },
        'theme',
        'si',
        1,
        5,
      );
      expect(fallback.source).toBe('messages');
      expect(page.rows).toEqual(fallback.rows);
      expect(page.total).toBe(fallback.total);
    }
    // The info reasons come from info_reason_day_stats, or info_reason_mood_days with moods or verified.
    for (const filter of [{}, { verified: true }, { mood_in: [1] }, { info_reason_in: [reason.id] }]) {
      const page = await reportGroupPage(
        kit.db,
        { ...live, ...period, ...filter },
        'info_reason',
        'si',
        1,
        15,
      );
      expect(page.source).toBe('cells');
      const fallback = await reportGroupPage(
        kit.db,
        { ...live, ...period, ...filter, message_type_in: [0] },
        'info_reason',
        'si',
        1,
        15,
      );
      expect(page.rows).toEqual(fallback.rows);
      expect(page.total).toBe(fallback.total);
    }
    // The loms by SI, views and messages come from the per-lom rollups.
    for (const ordering of ['si', 'views', 'messages'] as const) {
      const loms = await rows(REPORT_TABLE_PATHS.loms, { ordering });
      expect(loms.results.length).toBeGreaterThan(1);
      expect(await rows(REPORT_TABLE_PATHS.loms, { ordering, message_type_in: '0' })).toEqual(loms);
      const page = await reportGroupPage(kit.db, { ...live, ...period }, 'lom', ordering, 1, 7);
      expect(page.source).toBe('cells');
    }
  });

  it('pages: themes by 5, info reasons by 15, loms by 7 unless told', async () => {
    const page = await rows(REPORT_TABLE_PATHS.themes, { page_size: 1, page: 2 });
    expect(page.results.map((r) => r.id)).toEqual([themeB.id]);
    expect(page.last_page).toBe(2);
    const past = await rows(REPORT_TABLE_PATHS.themes, { page: 9 });
    expect(past).toMatchObject({ results: [], elements_count: 2 });
    const reasons = await rows(REPORT_TABLE_PATHS.infoReasons);
    expect(reasons.results).toEqual([
      expect.objectContaining({ id: reason.id, name: 'Ремонт моста', message_count: 1 }),
    ]);
    const loms = await rows(REPORT_TABLE_PATHS.loms, { ordering: 'messages' });
    expect(loms.results.map((r) => [r.name, r.message_count])).toEqual([
      ['Иван Петров', 3],
      ['Мария Сидорова', 3],
    ]);
  });

  it('top-N charts answer the first rows', async () => {
    const res = await user.get(REPORT_TABLE_PATHS.themesDashboard, { ...PERIOD, ordering: 'views' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results.map((r: Row) => r.id)).toEqual([themeB.id, themeA.id]);
    const reasons = await user.get(REPORT_TABLE_PATHS.infoReasonsDashboard, PERIOD);
    expect(reasons.json().results).toHaveLength(1);
  });

  it('themes_stats: all, with themes, every day; the fallback with no messages', async () => {
    const res = await user.get(REPORT_TABLE_PATHS.themesStats, PERIOD);
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json();
    expect(stats).toMatchObject({
      all: 6,
      with_themes: 5,
      no_messages: false,
      total_si: 100,
      total_views: 10400,
    });
    expect(stats.days.map((d: { day: string }) => d.day)).toEqual([
      '2031-05-01',
      '2031-05-02',
      '2031-05-03',
      '2031-05-04',
      '2031-05-05',
      '2031-05-06',
      '2031-05-07',
    ]);
    expect(stats.days[1]).toMatchObject({ message_count: 2, total_si: 60, moods: { 1: 1, 2: 1 } });
    const empty = await user.get(REPORT_TABLE_PATHS.themesStats, {
      wrote_at_after: '2040-01-01',
      wrote_at_before: '2040-01-02',
    });
    expect(empty.json()).toMatchObject({ all: 1, with_themes: 0, no_messages: true });
    expect(empty.json().days).toHaveLength(2);
  });

  it('themes_stats: the cells answer as the rollup and the messages do', async () => {
    const live = { trash: false, archived: false, delayed: false } as const;
    const period = {
      wrote_at_after: new Date('2031-04-30T21:00:00Z'),
      wrote_at_before: new Date('2031-05-06T21:00:00Z'),
    };
    const sorted = (rows: ReportDayRow[]) =>
      rows
        .filter((row) => row.n > 0 || row.with_theme > 0)
        .sort((a, b) => `${a.day}${a.mood}`.localeCompare(`${b.day}${b.mood}`));
    const totals = (rows: ReportDayRow[]) => {
      const sum = { n: 0, with_theme: 0, si: 0, views: 0 };
      for (const row of rows) {
        sum.n += row.n;
        sum.with_theme += row.with_theme;
        sum.si += row.si;
        sum.views += row.views;
      }
      return sum;
    };
    for (const filter of [{}, { theme_in: [themeA.id, themeB.id] }]) {
      const cells = await reportDayRows(kit.db, { ...live, ...period, ...filter });
      expect(cells.source).toBe('cells');
      const raw = await reportDayRows(kit.db, { ...live, ...period, ...filter, message_type_in: [0] });
      expect(raw.source).toBe('messages');
      // The mood cells carry the messages and the theme rows the count with a theme: compare per day and
      // mood without the theme count, and the totals with it.
      const strip = (rows: ReportDayRow[]) =>
        sorted(rows)
          .map(({ with_theme: _, ...row }) => row)
          .filter((r) => r.n > 0);
      expect(strip(cells.rows)).toEqual(strip(raw.rows));
      expect(totals(cells.rows)).toEqual(totals(raw.rows));
    }
  });

  it('answers bad input with 400 naming the field', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ ordering: 'name' }, 'ordering'],
      [{ page: '-1' }, 'page'],
      [{ page: 'true' }, 'page'],
      [{ page: '9223372036854775808' }, 'page'],
      [{ page_size: '100000' }, 'page_size'],
      [{ colour: 'red' }, 'colour'],
      [{ mood_in: '9' }, 'mood_in'],
      [{ theme_in: 'abc' }, 'theme_in'],
      [{ search: 'a\u0000b' }, 'search'],
      [{ wrote_at_after: '2031-02-30' }, 'wrote_at_after'],
    ];
    for (const [query, field] of cases) {
      const res = await user.get(REPORT_TABLE_PATHS.themes, query);
      expect(res.statusCode, `${JSON.stringify(query)} ${res.body}`).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const stats = await user.get(REPORT_TABLE_PATHS.themesStats, { page: '1' });
    expect(stats.statusCode).toBe(400);
    expect(stats.json().field).toBe('page');
  });
});

describe('client abort', () => {
  it('aborts when the reply closes unfinished, not after a written answer', async () => {
    const { EventEmitter } = await import('node:events');
    const { clientAbortSignal, stopIfAborted } = await import('./client-abort.ts');
    const reply = (finished: boolean) => {
      const raw = Object.assign(new EventEmitter(), { writableFinished: finished });
      return { raw, signal: clientAbortSignal({ raw } as never) };
    };
    const gone = reply(false);
    gone.raw.emit('close');
    expect(gone.signal.aborted).toBe(true);
    expect(() => stopIfAborted(gone.signal)).toThrow('Запрос отменён клиентом');
    const done = reply(true);
    done.raw.emit('close');
    expect(done.signal.aborted).toBe(false);
    expect(() => stopIfAborted(done.signal)).not.toThrow();
  });
});
