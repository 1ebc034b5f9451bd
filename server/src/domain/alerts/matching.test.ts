import { INGEST_PATHS, MESSAGE_PATHS, ROLES } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { personalThemes, users } from '../../db/schema/index.ts';
import { buildAlert, buildOwner } from '../../test/factories-alerts.ts';
import { buildIngestSources, buildTheme } from '../../test/factories-directories.ts';
import { buildLomGroup } from '../../test/factories-lom-groups.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { createKit, type Kit } from '../../test/kit.ts';
import { pgArray } from '../pg-array.ts';
import { matchingAlerts, queueForAlerts } from './inbox-queries.ts';
import { runInboxPass } from './matching.ts';
import { loadOwners, targetCondition } from './target-queries.ts';

// The inbox pass (docs/alerts.md "Engine"): a batch's own rows against every target kind, with the owner's current
// rules, and the hooks that queue the batches.
let t: Kit;
const NOW = new Date();
const HOUR = 3_600_000;

const matchesOf = async (alertId: number) =>
  (
    await queryRows<{ message_id: number }>(
      t.db,
      sql`select unnest(message_ids) as message_id from alert_matches where alert_id = ${alertId} order by message_id`,
    )
  ).map((r) => Number(r.message_id));

const lastResult = async (alertId: number) =>
  (
    await queryRows<{ r: string | null }>(
      t.db,
      sql`select last_result as r from alerts where id = ${alertId}`,
    )
  )[0]?.r;

const inboxIds = async () =>
  (await queryRows<{ ids: number[] }>(t.db, sql`select message_ids as ids from alert_inbox order by id`)).map(
    (r) => r.ids.map(Number),
  );

beforeAll(async () => {
  t = await createKit();
});
afterAll(() => t.close());

describe('matching a batch against the alerts', () => {
  it('matches every target kind from the batch alone, with word forms, filters and the owner’s reader rules', async () => {
    const owner = await buildOwner(t.db);
    const lomA = await buildLom(t.db, { name: 'Анна Школьная' });
    const lomB = await buildLom(t.db, { name: 'Борис Городской' });
    const theme = await buildTheme(t.db, { name: 'Образование' });
    const group = await buildLomGroup(t.db, { public: true, loms: [lomA.id] });
    const hidden = await buildLomGroup(t.db, { public: false, ownerId: null, loms: [lomA.id] });
    const [personal] = await t.db
      .insert(personalThemes)
      .values({ userId: owner.id, name: 'Мои ЛОМы', filters: { lom_in: [lomB.id] } })
      .returning();
    const at = new Date(NOW.getTime() - HOUR);
    const m1 = await buildMessage(t.db, {
      text: 'Открыли новую школу в районе',
      lomId: lomA.id,
      themeId: theme.id,
      mood: 2,
      wroteAt: at,
    });
    const m2 = await buildMessage(t.db, { text: 'Школы закрыты на карантин', lomId: lomB.id, wroteAt: at });
    const m3 = await buildMessage(t.db, {
      text: 'Погода на выходные',
      lomId: lomB.id,
      themeId: theme.id,
      wroteAt: at,
    });
    const outside = await buildMessage(t.db, { text: 'Ещё одна школа', lomId: lomA.id, wroteAt: at });
    const trash = await buildMessage(t.db, {
      text: 'Школа в корзине',
      lomId: lomA.id,
      trash: true,
      wroteAt: at,
    });
    const archived = await buildMessage(t.db, {
      text: 'Школа в архиве',
      lomId: lomA.id,
      archived: true,
      wroteAt: at,
    });

    const { alert: byQuery } = await buildAlert(t.db, owner.id, { query: 'школа' });
    const { alert: byQueryAndMood } = await buildAlert(t.db, owner.id, {
      query: 'школа',
      filters: { mood_in: [2] },
    });
    const { alert: byFilters } = await buildAlert(t.db, owner.id, {
      query: null,
      filters: { lom_in: [lomB.id] },
    });
    const { alert: byTheme } = await buildAlert(t.db, owner.id, { query: null, themeId: theme.id });
    const { alert: byPersonal } = await buildAlert(t.db, owner.id, {
      query: null,
      personalThemeId: personal.id,
    });
    const { alert: byGroup } = await buildAlert(t.db, owner.id, { query: null, lomGroupId: group.id });
    const { alert: byHiddenGroup } = await buildAlert(t.db, owner.id, { query: null, lomGroupId: hidden.id });
    const { alert: muted } = await buildAlert(t.db, owner.id, { query: 'школа', muted: true });

    await queueForAlerts(t.db, [m1.id, m2.id, m3.id, trash.id, archived.id]);
    const pass = await runInboxPass(t.db, NOW);
    expect(pass).toMatchObject({ batches: 1, messages: 5 });

    expect(await matchesOf(byQuery.id)).toEqual([m1.id, m2.id]);
    expect(await matchesOf(byQueryAndMood.id)).toEqual([m1.id]);
    expect(await matchesOf(byFilters.id)).toEqual([m2.id, m3.id]);
    expect(await matchesOf(byTheme.id)).toEqual([m1.id, m3.id]);
    expect(await matchesOf(byPersonal.id)).toEqual([m2.id, m3.id]);
    expect(await matchesOf(byGroup.id)).toEqual([m1.id]);
    // A group the owner may not see (private, another owner's) gives nothing.
    expect(await matchesOf(byHiddenGroup.id)).toEqual([]);
    expect(await matchesOf(muted.id)).toEqual([]);
    // The message outside the batch was never read, though it matches.
    expect((await matchesOf(byQuery.id)).includes(outside.id)).toBe(false);
    expect(await inboxIds()).toEqual([]);

    // A super editor reads the archive: the same batch shape with the archived message matches for them.
    const superEditor = await t.db
      .insert(users)
      .values({ username: 'alerts-super', passwordHash: 'x', role: ROLES.superEditor })
      .returning();
    const { alert: superAlert } = await buildAlert(t.db, superEditor[0].id, { query: 'школа' });
    await queueForAlerts(t.db, [archived.id]);
    await runInboxPass(t.db, NOW);
    expect(await matchesOf(superAlert.id)).toEqual([archived.id]);
    expect((await matchesOf(byQuery.id)).includes(archived.id)).toBe(false);
  });

  it('skips an owner who lost view_messages, says why, and resumes when it is back', async () => {
    const owner = await buildOwner(t.db);
    const lom = await buildLom(t.db);
    const { alert } = await buildAlert(t.db, owner.id, { query: 'вокзал' });
    await t.db.update(users).set({ uiPermissions: [] }).where(sql`${users.id} = ${owner.id}`);
    const first = await buildMessage(t.db, { text: 'Новый вокзал открыт', lomId: lom.id, wroteAt: NOW });
    await queueForAlerts(t.db, [first.id]);
    const pass = await runInboxPass(t.db, NOW);
    expect(pass.skipped).toBeGreaterThanOrEqual(1);
    expect(await matchesOf(alert.id)).toEqual([]);
    expect(await lastResult(alert.id)).toBe(
      'У владельца нет права просматривать сообщения: оповещение не проверяется',
    );

    await t.db
      .update(users)
      .set({ uiPermissions: ['view_messages'] })
      .where(sql`${users.id} = ${owner.id}`);
    const second = await buildMessage(t.db, { text: 'У вокзала новая площадь', lomId: lom.id, wroteAt: NOW });
    await queueForAlerts(t.db, [second.id]);
    await runInboxPass(t.db, NOW);
    expect(await matchesOf(alert.id)).toEqual([second.id]);
    expect(await lastResult(alert.id)).toBe('Оповещение снова проверяется');

    // An inactive owner is skipped too.
    await t.db.update(users).set({ isActive: false }).where(sql`${users.id} = ${owner.id}`);
    const third = await buildMessage(t.db, { text: 'Вокзал закрыт на ремонт', lomId: lom.id, wroteAt: NOW });
    await queueForAlerts(t.db, [third.id]);
    await runInboxPass(t.db, NOW);
    expect(await matchesOf(alert.id)).toEqual([second.id]);
    expect(await lastResult(alert.id)).toBe('Учётная запись владельца отключена: оповещение не проверяется');
  });

  it('adds the batch to the hourly counts of a counting alert, only messages created since counted_since', async () => {
    const owner = await buildOwner(t.db);
    const lom = await buildLom(t.db);
    const hour = new Date(Math.floor(NOW.getTime() / HOUR) * HOUR - 2 * HOUR);
    const before = await buildMessage(t.db, {
      text: 'Пожар на складе',
      lomId: lom.id,
      wroteAt: hour,
      si: 10,
    });
    const [{ at }] = await queryRows<{ at: string }>(t.db, sql`select clock_timestamp() as at`);
    const countedSince = new Date(at);
    const { alert } = await buildAlert(t.db, owner.id, {
      kind: 'spike',
      query: 'пожар',
      window: 'hour',
      metric: 'messages',
      sensitivity: 'medium',
      countedSince,
    });
    const a = await buildMessage(t.db, {
      text: 'Пожар потушен',
      lomId: lom.id,
      wroteAt: hour,
      si: 20,
      numberViews: 5,
      mood: 2,
    });
    const b = await buildMessage(t.db, {
      text: 'Пожары в области',
      lomId: lom.id,
      wroteAt: new Date(hour.getTime() + 30 * 60_000),
      si: 30.4,
      numberViews: 7,
    });
    await queueForAlerts(t.db, [before.id, a.id, b.id]);
    await runInboxPass(t.db, NOW);
    const counts = await queryRows<{
      hour: Date;
      messages: number;
      si: number;
      views: number;
      negative: number;
    }>(
      t.db,
      // bigint columns: node-postgres answers them as text, PGlite as numbers.
      sql`select hour, messages, si::int as si, views::int as views, negative from alert_hour_counts where alert_id = ${alert.id}`,
    );
    expect(counts.map((c) => ({ ...c, hour: new Date(c.hour).toISOString() }))).toEqual([
      { hour: hour.toISOString(), messages: 2, si: 50, views: 12, negative: 1 },
    ]);
    // `new` alerts list; a counting alert never gets matches.
    expect(await matchesOf(alert.id)).toEqual([]);
  });
});

describe('alerts matched many to a statement, as values', () => {
  // Alerts whose target is a search with list and flag filters are matched as rows of values (matchValues); the
  // others as branches of their own. Both must find exactly what the alert's condition finds.
  const expectedOf = async (batch: number[], alertId: number) => {
    const [row] = await matchingAlerts(t.db).then((rows) => rows.filter((r) => r.id === alertId));
    const owner = (await loadOwners(t.db, [row.user_id])).get(row.user_id);
    if (!owner) throw new Error('no owner');
    return (
      await queryRows<{ id: number }>(
        t.db,
        sql`select id from messages where id = any(${pgArray(batch)}::int[]) and not trash
              and ${targetCondition(row, owner)} order by id`,
      )
    ).map((r) => Number(r.id));
  };

  it('find exactly what each alert’s condition finds, in every shape, and follow a changed query and owner', async () => {
    await t.db.execute(sql`update alerts set muted = true`);
    const owner = await buildOwner(t.db);
    const lomA = await buildLom(t.db, { name: 'Ирина Москвина' });
    const lomB = await buildLom(t.db, { name: 'Пётр Дорожный' });
    const theme = await buildTheme(t.db, { name: 'Городское хозяйство' });
    const texts = [
      'Москва готовится к празднику',
      'В Москве открыли новый парк',
      'Москвичи вышли на субботник',
      'Ремонт дорог в Москве начнётся весной',
      'Жители жалуются на ремонт дорог во дворах',
      'Мэр Москвы рассказал о ремонте набережной',
      'Погода в Петербурге: дожди до пятницы',
      'Реклама: скидки в Москве на всё',
    ];
    const makeBatch = async (round: number) => {
      const made = [];
      for (const [i, text] of texts.entries())
        made.push(
          await buildMessage(t.db, {
            text: `${text} (${round})`,
            lomId: i % 2 ? lomA.id : lomB.id,
            themeId: i % 3 === 0 ? theme.id : null,
            mood: (i % 3) + 1,
            messageType: i % 4 === 0 ? 1 : 0,
            archived: i === 5,
            wroteAt: NOW,
          }),
        );
      return made.map((m) => m.id);
    };
    const queries = [
      'москва',
      '"в Москве"',
      'москва ремонт',
      'москва OR петербург',
      'москва NOT реклама',
      'ремонт NEAR/3 дорог',
      'москв*',
      'source:telegram OR москва',
    ];
    const filters = [
      {},
      { lom_in: [lomA.id] },
      { theme_in: [theme.id] },
      { mood_in: [2] },
      { message_type_in: [1] },
      { lom_in: [lomA.id, lomB.id], mood_in: [1, 3] },
    ];
    const made: number[] = [];
    for (const query of queries)
      for (const filter of filters)
        made.push((await buildAlert(t.db, owner.id, { query, filters: filter })).alert.id);
    made.push((await buildAlert(t.db, owner.id, { query: null, themeId: theme.id })).alert.id);

    const check = async (batch: number[]) => {
      await queueForAlerts(t.db, batch);
      await runInboxPass(t.db, NOW);
      let found = 0;
      for (const id of made) {
        const expected = await expectedOf(batch, id);
        expect(await matchesOf(id), `alert ${id}`).toEqual(expected);
        if (expected.length) found++;
        await t.db.execute(sql`delete from alert_matches where alert_id = ${id}`);
      }
      return found;
    };
    const first = await makeBatch(1);
    // Most alerts find something, and not all the same: the comparison can fail.
    expect(await check(first)).toBeGreaterThan(made.length / 2);
    expect(await expectedOf(first, made[0])).not.toEqual(await expectedOf(first, made[1]));
    // The archived message is outside an ordinary owner's alerts.
    expect(await expectedOf(first, made[0])).not.toContain(first[5]);

    // A changed query and an owner who now reads the archive are compiled again.
    await t.db.execute(sql`update alerts set query = 'набережная' where id = ${made[0]}`);
    await t.db.update(users).set({ role: ROLES.superEditor }).where(sql`${users.id} = ${owner.id}`);
    const second = await makeBatch(2);
    await check(second);
    expect(await expectedOf(second, made[0])).toEqual([second[5]]);
  });
});

describe('the batches are queued where messages are made', () => {
  it('a message made by hand and an ingested batch each leave one inbox row with their new ids', async () => {
    await t.db.execute(sql`delete from alert_inbox`);
    const lom = await buildLom(t.db, { name: 'Ольга Смирнова' });
    const created = await t.as('editor').post(MESSAGE_PATHS.create, {
      lom_id: lom.id,
      text: 'Открытие школы перенесли',
      wrote_at: new Date().toISOString(),
      message_type: 0,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await inboxIds()).toEqual([[created.json<{ id: number }>().id]]);

    await t.db.execute(sql`delete from alert_inbox`);
    await buildIngestSources(t.db);
    const service = await t.caller({ role: ROLES.service, extraPermissions: ['api_edit'] });
    const line = (id: string) =>
      JSON.stringify({
        source: 'Telegram',
        external_id: id,
        lom_id: lom.id,
        text: `Школа ${id}`,
        wrote_at: new Date().toISOString(),
      });
    const post = (body: string) =>
      service.inject({
        method: 'POST',
        url: INGEST_PATHS.messages,
        payload: body,
        headers: { 'content-type': 'application/x-ndjson' },
      });
    const res = await post([line('x1'), line('x2')].join('\n'));
    expect(res.statusCode, res.body).toBe(200);
    const ids = (
      await queryRows<{ id: number }>(
        t.db,
        sql`select id from messages where external_id in ('x1', 'x2') order by id`,
      )
    ).map((r) => Number(r.id));
    expect(await inboxIds()).toEqual([ids]);
    // Sent again: stored messages are updated, not new: no inbox row.
    expect((await post([line('x1'), line('x2')].join('\n'))).json()).toMatchObject({ updated: 2 });
    expect(await inboxIds()).toEqual([ids]);
  });
});
