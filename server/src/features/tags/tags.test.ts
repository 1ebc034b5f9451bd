import { apiPath, PERSONAL_TAG_PATHS, PICK_LIST_PATHS, TAG_PATHS } from '@monitoring/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fragmentTags,
  messagePersonalTags,
  messageTags,
  personalTags,
  tags,
  userActions,
} from '../../db/schema/index.ts';
import { buildPersonalTag, buildTag } from '../../test/factories-directories.ts';
import { buildFragment, buildMessage } from '../../test/factories-messages.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';

let kit: Kit;
let viewer: UserCaller;
let other: UserCaller;
let editor: UserCaller;
let admin: UserCaller;
let nobody: UserCaller;
let lomSelection: UserCaller;

beforeAll(async () => {
  kit = await createKit();
  viewer = await kit.caller({ role: 3 });
  other = await kit.caller({ role: 3 });
  editor = await kit.caller({ role: 2 });
  admin = await kit.caller({ role: 0, uiPermissions: ['view_theme_admin'] });
  nobody = await kit.caller({ role: 0 });
  lomSelection = await kit.caller({ role: 102 });
});

afterAll(async () => {
  await kit?.close();
});

const db = () => kit.db;

/** A 400 whose `field` names the input. */
function expectBad(
  res: { statusCode: number; body: string; json: () => { field?: string; message: string } },
  field: string,
) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.field).toBe(field);
  expect(body.message.length).toBeGreaterThan(0);
}

async function actionsOf(action: string) {
  return db().select().from(userActions).where(eq(userActions.action, action)).orderBy(userActions.id);
}

const search = (text: string) => `search=${encodeURIComponent(text)}`;

describe('GET tags/ and tags/{id}/', () => {
  it('lists tags by name with their creation and message count, 25 a page by default', async () => {
    const a = await buildTag(db(), { name: 'Листинг Альфа' });
    const b = await buildTag(db(), { name: 'листинг бета' });
    await buildMessage(db(), { tagIds: [a.id] });
    await buildMessage(db(), { tagIds: [a.id, b.id] });
    const res = await viewer.get(`${TAG_PATHS.list}?${search('ЛИСТИНГ')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      results: [
        { id: a.id, name: 'Листинг Альфа', created_at: a.createdAt.toISOString(), messages_count: 2 },
        { id: b.id, name: 'листинг бета', created_at: b.createdAt.toISOString(), messages_count: 1 },
      ],
      page: 1,
      last_page: 1,
      elements_count: 2,
      next_pages_available: 0,
    });
    const only = await viewer.get(`${TAG_PATHS.list}?${search('листинг')}&id_not_in=${a.id}`);
    expect(only.json().results.map((item: { id: number }) => item.id)).toEqual([b.id]);

    for (let n = 10; n < 37; n += 1) await buildTag(db(), { name: `Страница ${n}` });
    const first = (await viewer.get(`${TAG_PATHS.list}?${search('страница')}`)).json();
    expect(first.results).toHaveLength(25);
    expect(first).toMatchObject({ page: 1, last_page: 2, elements_count: 27, next_pages_available: 1 });
    const second = (await viewer.get(`${TAG_PATHS.list}?${search('страница')}&page=2`)).json();
    expect(second.results.map((item: { name: string }) => item.name)).toEqual(['Страница 35', 'Страница 36']);
  });

  it('answers one tag, 404 for an unknown id, 400 for a bad one', async () => {
    const tag = await buildTag(db(), { name: 'Один тег' });
    await buildMessage(db(), { tagIds: [tag.id] });
    const res = await lomSelection.get(apiPath(TAG_PATHS.detail, { id: tag.id }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: tag.id,
      name: 'Один тег',
      created_at: tag.createdAt.toISOString(),
      messages_count: 1,
    });
    const missing = await viewer.get(apiPath(TAG_PATHS.detail, { id: 999_999 }));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/не найден/);
    expectBad(await viewer.get('/api/v2/tags/abc/'), 'id');
  });

  it('leaves the pick list tags/filter-list/ in place beside {id}/', async () => {
    const tag = await buildTag(db(), { name: 'Пиклист тег' });
    const res = await viewer.get(`${PICK_LIST_PATHS.tag}?${search('пиклист')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([{ id: tag.id, name: 'Пиклист тег' }]);
  });

  it('answers 400 naming the field, 401 without a token, 403 to a role without permissions', async () => {
    expectBad(await viewer.get(`${TAG_PATHS.list}?page_size=0`), 'page_size');
    expectBad(await viewer.get(`${TAG_PATHS.list}?page=x`), 'page');
    expectBad(await viewer.get(`${TAG_PATHS.list}?id_in=a`), 'id_in');
    for (const url of [TAG_PATHS.list, apiPath(TAG_PATHS.detail, { id: 1 })]) {
      expect((await kit.anonymous.get(url)).statusCode, url).toBe(401);
      expect((await nobody.get(url)).statusCode, url).toBe(403);
    }
  });
});

describe('POST tags/', () => {
  it('creates a tag (editor or administrator) and logs it under "Справочник"', async () => {
    const res = await editor.post(TAG_PATHS.list, { name: '  Новый тег  ' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    const [row] = await db().select().from(tags).where(eq(tags.id, body.id));
    expect(row.name).toBe('Новый тег');
    expect(body).toEqual({
      id: row.id,
      name: 'Новый тег',
      created_at: row.createdAt.toISOString(),
      messages_count: 0,
    });
    const [log] = await actionsOf('tag.create');
    expect(log).toMatchObject({ userId: editor.user.id, type: 8, newValue: body });

    const byAdmin = await admin.post(TAG_PATHS.list, { name: 'Тег администратора' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
  });

  it('refuses a name taken in any case, an empty name and unknown fields, naming the field', async () => {
    await buildTag(db(), { name: 'Занятый тег' });
    const res = await editor.post(TAG_PATHS.list, { name: 'ЗАНЯТЫЙ ТЕГ' });
    expectBad(res, 'name');
    expect(res.json().message).toMatch(/уже есть/);
    expectBad(await editor.post(TAG_PATHS.list, { name: '   ' }), 'name');
    expectBad(await editor.post(TAG_PATHS.list, { name: 5 }), 'name');
    expectBad(await editor.post(TAG_PATHS.list, {}), 'name');
    expectBad(await editor.post(TAG_PATHS.list, { name: 'x'.repeat(201) }), 'name');
    expectBad(await editor.post(TAG_PATHS.list, { name: 'Тег', colour: 'red' }), 'colour');
    expect(await db().select().from(tags).where(eq(tags.name, 'ЗАНЯТЫЙ ТЕГ'))).toHaveLength(0);
  });

  it('answers 401 without a token and 403 to a viewer', async () => {
    expect((await kit.anonymous.post(TAG_PATHS.list, { name: 'Без входа' })).statusCode).toBe(401);
    expect((await viewer.post(TAG_PATHS.list, { name: 'Зритель' })).statusCode).toBe(403);
    expect(await db().select().from(tags).where(eq(tags.name, 'Зритель'))).toHaveLength(0);
  });
});

describe('PATCH tags/{id}/', () => {
  it('renames a tag, allowing its own name in another case, and logs old and new', async () => {
    const tag = await buildTag(db(), { name: 'Старое имя тега' });
    const res = await editor.patch(apiPath(TAG_PATHS.detail, { id: tag.id }), { name: 'Новое имя тега' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: tag.id, name: 'Новое имя тега' });
    const [row] = await db().select().from(tags).where(eq(tags.id, tag.id));
    expect(row.name).toBe('Новое имя тега');
    const [log] = await actionsOf('tag.update');
    expect(log).toMatchObject({
      type: 8,
      oldValue: { id: tag.id, name: 'Старое имя тега' },
      newValue: { id: tag.id, name: 'Новое имя тега' },
    });

    const recased = await admin.patch(apiPath(TAG_PATHS.detail, { id: tag.id }), { name: 'НОВОЕ ИМЯ ТЕГА' });
    expect(recased.statusCode, recased.body).toBe(200);
  });

  it('answers 400 for a name of another tag, 404 for an unknown tag, 401 and 403', async () => {
    const a = await buildTag(db(), { name: 'Первый переименуемый' });
    await buildTag(db(), { name: 'Второй переименуемый' });
    expectBad(
      await editor.patch(apiPath(TAG_PATHS.detail, { id: a.id }), { name: 'второй ПЕРЕИМЕНУЕМЫЙ' }),
      'name',
    );
    expectBad(await editor.patch(apiPath(TAG_PATHS.detail, { id: a.id }), { name: '' }), 'name');
    expectBad(await editor.patch('/api/v2/tags/0/', { name: 'Ноль' }), 'id');
    expect((await editor.patch(apiPath(TAG_PATHS.detail, { id: 999_999 }), { name: 'Нет' })).statusCode).toBe(
      404,
    );
    expect(
      (await kit.anonymous.patch(apiPath(TAG_PATHS.detail, { id: a.id }), { name: 'Гость' })).statusCode,
    ).toBe(401);
    expect(
      (await viewer.patch(apiPath(TAG_PATHS.detail, { id: a.id }), { name: 'Зритель' })).statusCode,
    ).toBe(403);
    const [row] = await db().select().from(tags).where(eq(tags.id, a.id));
    expect(row.name).toBe('Первый переименуемый');
  });
});

describe('DELETE tags/{id}/', () => {
  it('takes the tag off messages and fragments and deletes it in one go, leaving other tags', async () => {
    const gone = await buildTag(db(), { name: 'Удаляемый тег' });
    const kept = await buildTag(db(), { name: 'Остающийся тег' });
    const m1 = await buildMessage(db(), { tagIds: [gone.id, kept.id] });
    const m2 = await buildMessage(db(), { tagIds: [gone.id] });
    await buildFragment(db(), m1.id, { tagIds: [gone.id, kept.id] });
    const res = await editor.delete(apiPath(TAG_PATHS.detail, { id: gone.id }));
    expect(res.statusCode, res.body).toBe(204);
    expect(await db().select().from(tags).where(eq(tags.id, gone.id))).toHaveLength(0);
    expect(await db().select().from(messageTags).where(eq(messageTags.tagId, gone.id))).toHaveLength(0);
    expect(await db().select().from(fragmentTags).where(eq(fragmentTags.tagId, gone.id))).toHaveLength(0);
    expect(await db().select().from(messageTags).where(eq(messageTags.tagId, kept.id))).toEqual([
      { messageId: m1.id, tagId: kept.id },
    ]);
    expect(await db().select().from(fragmentTags).where(eq(fragmentTags.tagId, kept.id))).toHaveLength(1);
    const [log] = await actionsOf('tag.delete');
    expect(log).toMatchObject({
      userId: editor.user.id,
      type: 8,
      oldValue: { id: gone.id, name: 'Удаляемый тег', messages_count: 2, fragments_count: 1 },
    });
    expect(m2.id).toBeGreaterThan(0);
    expect((await editor.delete(apiPath(TAG_PATHS.detail, { id: gone.id }))).statusCode).toBe(404);
  });

  it('answers 401 and 403 and keeps the tag', async () => {
    const tag = await buildTag(db(), { name: 'Защищённый тег' });
    expect((await kit.anonymous.delete(apiPath(TAG_PATHS.detail, { id: tag.id }))).statusCode).toBe(401);
    expect((await viewer.delete(apiPath(TAG_PATHS.detail, { id: tag.id }))).statusCode).toBe(403);
    expectBad(await editor.delete('/api/v2/tags/x/'), 'id');
    expect(await db().select().from(tags).where(eq(tags.id, tag.id))).toHaveLength(1);
  });
});

describe('POST personal-tags/', () => {
  it("creates the caller's own tag; the same name is free for another user", async () => {
    const res = await viewer.post(PERSONAL_TAG_PATHS.create, { name: ' Мой тег ' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    const [row] = await db().select().from(personalTags).where(eq(personalTags.id, body.id));
    expect(row).toMatchObject({ userId: viewer.user.id, name: 'Мой тег' });
    expect(body).toEqual({ id: row.id, name: 'Мой тег' });
    const [log] = await actionsOf('personal_tag.create');
    expect(log).toMatchObject({ userId: viewer.user.id, type: 8, newValue: body });

    const twin = await other.post(PERSONAL_TAG_PATHS.create, { name: 'мой тег' });
    expect(twin.statusCode, twin.body).toBe(201);
    expect(twin.json().id).not.toBe(body.id);
  });

  it('refuses a name the caller already has in any case, naming name; 401 and 403', async () => {
    await buildPersonalTag(db(), viewer.user.id, { name: 'Повтор' });
    const res = await viewer.post(PERSONAL_TAG_PATHS.create, { name: 'ПОВТОР' });
    expectBad(res, 'name');
    expect(res.json().message).toMatch(/уже есть/);
    expectBad(await viewer.post(PERSONAL_TAG_PATHS.create, { name: '' }), 'name');
    expectBad(await viewer.post(PERSONAL_TAG_PATHS.create, { name: null }), 'name');
    expect((await kit.anonymous.post(PERSONAL_TAG_PATHS.create, { name: 'Гость' })).statusCode).toBe(401);
    expect((await lomSelection.post(PERSONAL_TAG_PATHS.create, { name: 'Подбор' })).statusCode).toBe(403);
    expect(await db().select().from(personalTags).where(eq(personalTags.name, 'Подбор'))).toHaveLength(0);
  });
});

describe('PATCH and DELETE personal-tags/{id}/', () => {
  it("renames one's own tag; another user's answers 404 and stays", async () => {
    const mine = await buildPersonalTag(db(), viewer.user.id, { name: 'Личный старый' });
    const theirs = await buildPersonalTag(db(), other.user.id, { name: 'Чужой личный' });
    await buildPersonalTag(db(), viewer.user.id, { name: 'Личный занятый' });
    const res = await viewer.patch(apiPath(PERSONAL_TAG_PATHS.detail, { id: mine.id }), {
      name: 'Личный новый',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: mine.id, name: 'Личный новый' });
    const [row] = await db().select().from(personalTags).where(eq(personalTags.id, mine.id));
    expect(row.name).toBe('Личный новый');
    const [log] = await actionsOf('personal_tag.update');
    expect(log).toMatchObject({ oldValue: { name: 'Личный старый' }, newValue: { name: 'Личный новый' } });

    expectBad(
      await viewer.patch(apiPath(PERSONAL_TAG_PATHS.detail, { id: mine.id }), { name: 'личный ЗАНЯТЫЙ' }),
      'name',
    );
    // Another user's name is no clash.
    const free = await viewer.patch(apiPath(PERSONAL_TAG_PATHS.detail, { id: mine.id }), {
      name: 'Чужой личный',
    });
    expect(free.statusCode, free.body).toBe(200);
    expect(
      (await viewer.patch(apiPath(PERSONAL_TAG_PATHS.detail, { id: theirs.id }), { name: 'Захват' }))
        .statusCode,
    ).toBe(404);
    const [their] = await db().select().from(personalTags).where(eq(personalTags.id, theirs.id));
    expect(their.name).toBe('Чужой личный');
    expect(
      (await kit.anonymous.patch(apiPath(PERSONAL_TAG_PATHS.detail, { id: mine.id }), { name: 'Гость' }))
        .statusCode,
    ).toBe(401);
    expect(
      (await lomSelection.patch(apiPath(PERSONAL_TAG_PATHS.detail, { id: mine.id }), { name: 'Подбор' }))
        .statusCode,
    ).toBe(403);
    expectBad(await viewer.patch('/api/v1/personal-tags/-1/', { name: 'Минус' }), 'id');
  });

  it("deletes one's own tag and takes it off messages; another user's answers 404", async () => {
    const mine = await buildPersonalTag(db(), viewer.user.id, { name: 'Личный удаляемый' });
    const keep = await buildPersonalTag(db(), viewer.user.id, { name: 'Личный остающийся' });
    const theirs = await buildPersonalTag(db(), other.user.id, { name: 'Чужой неприкосновенный' });
    const message = await buildMessage(db());
    await db()
      .insert(messagePersonalTags)
      .values([mine, keep, theirs].map((tag) => ({ messageId: message.id, personalTagId: tag.id })));

    expect((await viewer.delete(apiPath(PERSONAL_TAG_PATHS.detail, { id: theirs.id }))).statusCode).toBe(404);
    expect((await kit.anonymous.delete(apiPath(PERSONAL_TAG_PATHS.detail, { id: mine.id }))).statusCode).toBe(
      401,
    );
    expect((await lomSelection.delete(apiPath(PERSONAL_TAG_PATHS.detail, { id: mine.id }))).statusCode).toBe(
      403,
    );

    const res = await viewer.delete(apiPath(PERSONAL_TAG_PATHS.detail, { id: mine.id }));
    expect(res.statusCode, res.body).toBe(204);
    expect(await db().select().from(personalTags).where(eq(personalTags.id, mine.id))).toHaveLength(0);
    const links = await db()
      .select({ id: messagePersonalTags.personalTagId })
      .from(messagePersonalTags)
      .where(eq(messagePersonalTags.messageId, message.id))
      .orderBy(messagePersonalTags.personalTagId);
    expect(links.map((link) => link.id)).toEqual([keep.id, theirs.id]);
    const [log] = await actionsOf('personal_tag.delete');
    expect(log).toMatchObject({ oldValue: { id: mine.id, name: 'Личный удаляемый', messages_count: 1 } });
    expect(
      await db()
        .select()
        .from(personalTags)
        .where(and(eq(personalTags.id, theirs.id), eq(personalTags.userId, other.user.id))),
    ).toHaveLength(1);
    expect((await viewer.delete(apiPath(PERSONAL_TAG_PATHS.detail, { id: mine.id }))).statusCode).toBe(404);
  });
});
