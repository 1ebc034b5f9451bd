import { SI_DEFINITION, VIRAL_CONTENT_PATHS, type ViralContentAnswer } from '@monitoring/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';
import { addDays, moscowDay } from '../../domain/moscow-calendar.ts';
import { buildSource } from '../../test/factories-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { type Caller, createKit, type Kit } from '../../test/kit.ts';

let kit: Kit;
let viewer: Caller;
const today = moscowDay(Date.now());
const ids: Record<string, number> = {};

beforeAll(async () => {
  kit = await createKit();
  viewer = await kit.caller({ role: 3 });
  const db = kit.db;
  const source = await buildSource(db, { name: 'Telegram', icon: 'telegram.svg' });
  const lom = await buildLom(db, { name: 'Вирусный ЛОМ' });
  const quiet = await buildLom(db, { name: 'Тихий ЛОМ' });
  // The usual reach: four messages of 1,000 views and no reposts in the 28 days before today.
  for (const back of [2, 5, 9, 20])
    await buildMessage(db, {
      lomId: lom.id,
      sourceId: source.id,
      day: addDays(today, -back),
      numberViews: 1000,
      repostCount: 0,
    });
  // A message 40 days back lies outside the window and does not count.
  await buildMessage(db, { lomId: lom.id, day: addDays(today, -40), numberViews: 1_000_000, repostCount: 0 });
  // Written in time order, as messages arrive: yesterday's counts in today's usual reach.
  const reposted = await buildMessage(db, {
    lomId: lom.id,
    day: addDays(today, -1),
    numberViews: 2500,
    repostCount: 300,
    si: 50,
    text: 'Репостят',
  });
  const big = await buildMessage(db, {
    lomId: lom.id,
    sourceId: source.id,
    day: today,
    numberViews: 9000,
    repostCount: 100,
    si: 3,
    text: 'Разошлось',
  });
  const usual = await buildMessage(db, { lomId: lom.id, day: today, numberViews: 1500, repostCount: 0 });
  // No history: never viral, whatever its views.
  const fresh = await buildMessage(db, { lomId: quiet.id, day: today, numberViews: 900_000, repostCount: 0 });
  const trashed = await buildMessage(db, {
    lomId: lom.id,
    day: today,
    numberViews: 90_000,
    repostCount: 0,
    trash: true,
  });
  Object.assign(ids, {
    big: big.id,
    reposted: reposted.id,
    usual: usual.id,
    fresh: fresh.id,
    trashed: trashed.id,
  });
});

afterAll(async () => {
  await kit?.close();
});

const viral = async (id: number) =>
  (await kit.db.select({ v: messages.viralPerCent }).from(messages).where(eq(messages.id, id)))[0]?.v;

describe('viral_per_cent', () => {
  it('is the growth of reach (views + 10 × reposts) over the lom usual reach, kept on write', async () => {
    // Yesterday: four messages of 1,000; (2500 + 10 × 300) / 1000 − 1 = 4.5 → 450 %.
    expect(await viral(ids.reposted)).toBe(450);
    // Today: those four and yesterday's 5,500, 1,900 a message; (9000 + 10 × 100) / 1900 − 1 → 426.3 %.
    expect(await viral(ids.big)).toBe(426.3);
    expect(await viral(ids.usual)).toBe(0);
    expect(await viral(ids.fresh)).toBe(0);
    await kit.db.update(messages).set({ numberViews: 500 }).where(eq(messages.id, ids.usual));
    expect(await viral(ids.usual)).toBe(0);
    await kit.db.update(messages).set({ numberViews: 8550 }).where(eq(messages.id, ids.usual));
    expect(await viral(ids.usual)).toBe(350);
  });

  it('the set-based rebuild gives every message the value its trigger kept', async () => {
    const before = await queryRows<{ id: number; v: number }>(
      kit.db,
      sql`select id, viral_per_cent as v from messages order by id`,
    );
    await kit.db.execute(sql`update messages set viral_per_cent = 0`);
    await kit.db.execute(sql`select messages_viral_rebuild()`);
    const after = await queryRows<{ id: number; v: number }>(
      kit.db,
      sql`select id, viral_per_cent as v from messages order by id`,
    );
    expect(after).toEqual(before);
  });
});

describe('GET api/v2/viral-content/', () => {
  const list = async (query = '') => {
    const res = await viewer.get(`${VIRAL_CONTENT_PATHS.list}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ViralContentAnswer;
  };

  it('answers the last day viral live messages by views by default', async () => {
    const page = await list();
    expect(page.period_before).toBe(today);
    expect(page.period_after).toBe(addDays(today, -1));
    expect(page.stat).toBe('views');
    expect(page.results.map((m) => m.id)).toEqual([ids.big, ids.usual, ids.reposted]);
    expect(page.elements_count).toBe(3);
    expect(page.results[0]).toMatchObject({
      text: 'Разошлось',
      viral_per_cent: 426.3,
      number_views: 9000,
      repost_count: 100,
      lom: { name: 'Вирусный ЛОМ' },
      source: { name: 'Telegram', icon: 'telegram.svg' },
    });
  });

  it('orders by the chosen stat, pages by 12 or page_size, and reads the named period', async () => {
    expect((await list('?stat=reposts')).results.map((m) => m.id)).toEqual([
      ids.reposted,
      ids.big,
      ids.usual,
    ]);
    expect((await list('?stat=si')).results[0]?.id).toBe(ids.reposted);
    const second = await list('?page=2&page_size=2');
    expect(second.results.map((m) => m.id)).toEqual([ids.reposted]);
    expect(second).toMatchObject({ page: 2, last_page: 2, elements_count: 3 });
    const day = await list(`?period_after=${today}&period_before=${today}`);
    expect(day.results.map((m) => m.id)).toEqual([ids.big, ids.usual]);
  });

  it('answers 400 naming the field, 401 without a token and 403 without VIRAL_CONTENT', async () => {
    for (const [query, field] of [
      ['?period_after=2025-03-10&period_before=2025-03-01', 'period_after'],
      ['?stat=likes', 'stat'],
      ['?period_after=2025-02-30', 'period_after'],
      ['?period_after=2020-01-01&period_before=2025-01-01', 'period_after'],
      ['?page=0', 'page'],
    ]) {
      const res = await viewer.get(`${VIRAL_CONTENT_PATHS.list}${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().field, query).toBe(field);
    }
    expect((await kit.anonymous.get(VIRAL_CONTENT_PATHS.list)).statusCode).toBe(401);
    const service = await kit.caller({ role: 101 });
    expect((await service.get(VIRAL_CONTENT_PATHS.list)).statusCode).toBe(403);
    expect((await service.get(VIRAL_CONTENT_PATHS.si)).statusCode).toBe(403);
    expect((await kit.anonymous.get(VIRAL_CONTENT_PATHS.si)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown path under it', async () => {
    expect((await viewer.get(`${VIRAL_CONTENT_PATHS.list}987654/`)).statusCode).toBe(404);
  });
});

describe('GET api/v2/si/', () => {
  it('answers the definition and the scale', async () => {
    const res = await viewer.get(VIRAL_CONTENT_PATHS.si);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...SI_DEFINITION, scale: [...SI_DEFINITION.scale] });
  });
});
