import { apiPath, SOCIAL_PANEL_PATHS, type SocialPanelViralResponse } from '@monitoring/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialPanelLoms, socialPanels } from '../../db/schema/index.ts';
import { addDays, moscowDay } from '../../domain/moscow-calendar.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { createKit, type Kit } from '../../test/kit.ts';

/**
 * viral-content-id/ (api.md §7.5, docs/social-panel.md): the viral messages of the period written
 * by the panel's confirmed loms — not its candidates', not other loms' — most viral by the stat first.
 */
let kit: Kit;
const today = moscowDay(Date.now());
const ids: Record<string, number> = {};
const UNKNOWN = 987_654;

beforeAll(async () => {
  kit = await createKit();
  const db = kit.db;
  const [followed, second, candidate, stranger] = [
    await buildLom(db, { name: 'Читаемый ЛОМ' }),
    await buildLom(db, { name: 'Второй ЛОМ' }),
    await buildLom(db, { name: 'Кандидат' }),
    await buildLom(db, { name: 'Чужой ЛОМ' }),
  ];
  const [panel, empty] = await db
    .insert(socialPanels)
    .values([{ name: 'Студенты' }, { name: 'Пустая' }])
    .returning();
  await db.insert(socialPanelLoms).values([
    { panelId: panel.id, lomId: followed.id, share: 80 },
    { panelId: panel.id, lomId: second.id, share: 40 },
    { panelId: panel.id, lomId: candidate.id, share: 20, isCandidate: true },
  ]);
  // Each lom's usual reach: four messages of 1,000 views in the weeks before; then one that spreads.
  const viral: Record<number, number> = {};
  for (const [lom, views, reposts] of [
    [followed, 9_000, 10],
    [second, 6_000, 900],
    [candidate, 50_000, 0],
    [stranger, 50_000, 0],
  ] as const) {
    for (const back of [2, 5, 9, 20])
      await buildMessage(db, {
        lomId: lom.id,
        day: addDays(today, -back),
        numberViews: 1000,
        repostCount: 0,
      });
    const message = await buildMessage(db, {
      lomId: lom.id,
      day: today,
      numberViews: views,
      repostCount: reposts,
    });
    viral[lom.id] = message.id;
  }
  // An ordinary message of a followed lom: in the panel's loms, but not viral.
  await buildMessage(db, { lomId: followed.id, day: today, numberViews: 1100, repostCount: 0 });
  Object.assign(ids, {
    panel: panel.id,
    empty: empty.id,
    followed: viral[followed.id],
    second: viral[second.id],
  });
});

afterAll(() => kit.close());

const path = (id: number) => apiPath(SOCIAL_PANEL_PATHS.viralContentIds, { id });

describe('viral-content-id/', () => {
  it('answers the viral messages of the panel’s confirmed loms, most viral by the stat first', async () => {
    const byViews = await kit.as('user').get(path(ids.panel));
    expect(byViews.statusCode).toBe(200);
    const views = byViews.json<SocialPanelViralResponse>();
    expect(views).toMatchObject({ ids: [ids.followed, ids.second], count: 2, period_before: today });
    expect(views.period_after).toBe(addDays(today, -1));
    const byReposts = await kit.as('user').get(path(ids.panel), { stat: 'reposts' });
    expect(byReposts.json<SocialPanelViralResponse>().ids).toEqual([ids.second, ids.followed]);
  });

  it('answers nothing for a panel without loms or a period without viral messages', async () => {
    expect((await kit.as('user').get(path(ids.empty))).json()).toMatchObject({ ids: [], count: 0 });
    const past = await kit.as('user').get(path(ids.panel), {
      period_after: addDays(today, -40),
      period_before: addDays(today, -30),
    });
    expect(past.json()).toMatchObject({ ids: [], count: 0 });
  });

  it('takes the period in whole Moscow days, to the minute at both edges', async () => {
    const db = kit.db;
    const lom = await buildLom(db, { name: 'ЛОМ на границе суток' });
    const [panel] = await db.insert(socialPanels).values({ name: 'Полуночники' }).returning();
    await db.insert(socialPanelLoms).values({ panelId: panel.id, lomId: lom.id, share: 50 });
    for (const back of [5, 9, 20, 25])
      await buildMessage(db, {
        lomId: lom.id,
        day: addDays(today, -back),
        numberViews: 1000,
        repostCount: 0,
      });
    const at = (day: string, time: string) => new Date(`${day}T${time}+03:00`);
    const spread = { lomId: lom.id, numberViews: 20_000, repostCount: 0 };
    // The default period is yesterday and today (Moscow): the minute before yesterday's midnight is out.
    await buildMessage(db, { ...spread, wroteAt: at(addDays(today, -2), '23:59:00') });
    const first = await buildMessage(db, { ...spread, wroteAt: at(addDays(today, -1), '00:00:00') });
    // Against a usual reach that now holds the two above, it needs more views to count as viral.
    const last = await buildMessage(db, { ...spread, numberViews: 200_000, wroteAt: at(today, '23:59:00') });
    const res = await kit.as('user').get(path(panel.id));
    expect(res.json()).toMatchObject({ ids: [last.id, first.id], count: 2 });
  });

  it('guards the call and names the bad field', async () => {
    expect((await kit.anonymous.get(path(ids.panel))).statusCode).toBe(401);
    expect((await kit.as('lomSelection').get(path(ids.panel))).statusCode).toBe(403);
    expect((await kit.as('user').get(path(UNKNOWN))).statusCode).toBe(404);
    for (const id of ['true', '9223372036854775808', '-1']) {
      const bad = await kit.as('user').get(`/api/v2/social-panel/${id}/viral-content-id/`);
      expect(bad.statusCode, id).toBe(400);
      expect(bad.body, id).toContain('id');
    }
    const nul = await kit.as('user').get(path(ids.panel), { period_after: '2025-01-01\u0000' });
    expect(nul.statusCode).toBe(400);
    expect(nul.body).toContain('period_after');
    const stat = await kit.as('user').get(path(ids.panel), { stat: 'likes' });
    expect(stat.statusCode).toBe(400);
    expect(stat.body).toContain('stat');
    const reversed = await kit.as('user').get(path(ids.panel), {
      period_after: today,
      period_before: addDays(today, -3),
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain('period_after');
    const long = await kit.as('user').get(path(ids.panel), {
      period_after: addDays(today, -400),
      period_before: today,
    });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('period_after');
  });
});
