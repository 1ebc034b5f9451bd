import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userActions } from '../../db/schema/index.ts';
import { type Caller, createKit, type Kit, type UserCaller } from '../../test/kit.ts';

let t: Kit;
/** Role 1 with no named permission: the role alone opens the log. */
let admin: UserCaller;
beforeAll(async () => {
  t = await createKit();
  admin = t.as('superEditor');
  await t.database.db.insert(userActions).values([
    {
      userId: admin.user.id,
      type: 1,
      action: 'message.verify',
      messageId: 10,
      oldValue: false,
      newValue: true,
    },
    {
      userId: admin.user.id,
      type: 1,
      action: 'message.archive',
      messageId: 11,
      oldValue: false,
      newValue: true,
    },
    { userId: admin.user.id, type: 4, action: 'theme.rename', themeId: 5, oldValue: 'А', newValue: 'Б' },
  ]);
});
afterAll(() => t.close());

const list = (query: string, caller: Caller = admin) => caller.get(`/api/v1/user-actions/${query}`);

describe('GET /api/v1/user-actions/', () => {
  it('pages the log newest first in the list envelope', async () => {
    const res = await list('?page_size=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, last_page: 2, elements_count: 3, next_pages_available: 1 });
    expect(body.results).toHaveLength(2);
    expect(body.results[0]).toMatchObject({
      action: 'theme.rename',
      type_name: 'Тема',
      user: { id: admin.user.id },
    });
    const second = (await list('?page=2&pageSize=2')).json();
    expect(second.results).toHaveLength(1);
    const beyond = (await list('?page=9&page_size=2')).json();
    expect(beyond).toMatchObject({ results: [], elements_count: 3, last_page: 2 });
  });

  it('filters by comma lists, dropping empty values', async () => {
    const byMessage = (await list('?message_in=11,,')).json();
    expect(byMessage.results.map((r: { message_id: number }) => r.message_id)).toEqual([11]);
    const withoutMessages = (await list('?type_not_in=1')).json();
    expect(withoutMessages.elements_count).toBe(1);
    expect((await list('?message_in=')).json().elements_count).toBe(3);
  });

  it('answers 400 naming a malformed parameter', async () => {
    const res = await list('?theme_in=1,abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('theme_in');
    const page = await list('?page=0');
    expect(page.json()).toMatchObject({ statusCode: 400, field: 'page' });
  });

  it('answers 401 without a token and 403 to a role without LOGS', async () => {
    expect((await list('', t.anonymous)).statusCode).toBe(401);
    const res = await list('', t.as('user'));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    const granted = await t.caller({ role: 3, uiPermissions: ['view_logs'] });
    expect((await list('', granted)).statusCode).toBe(200);
  });
});

describe('filters of GET /api/v1/user-actions/', () => {
  let t2: Kit;
  let boss: UserCaller;
  let other: UserCaller;
  const ids = (body: { results: { id: number }[] }) => body.results.map((r) => r.id);
  const at = (iso: string) => new Date(iso);
  let rows: { id: number }[];
  beforeAll(async () => {
    t2 = await createKit();
    boss = t2.as('superEditor');
    other = await t2.caller({ role: 2, username: 'logs-editor' });
    rows = await t2.database.db
      .insert(userActions)
      .values([
        // 2026-03-01 23:30 Moscow = 20:30 UTC.
        {
          userId: boss.user.id,
          type: 1,
          action: 'message.verify',
          messageId: 1,
          createdAt: at('2026-03-01T20:30:00Z'),
          oldValue: false,
          newValue: true,
        },
        // 2026-03-02 00:30 Moscow = 2026-03-01 21:30 UTC.
        {
          userId: other.user.id,
          type: 4,
          action: 'theme.rename',
          themeId: 7,
          createdAt: at('2026-03-01T21:30:00Z'),
          oldValue: 'Старое',
          newValue: 'Новое',
        },
        {
          userId: other.user.id,
          type: 5,
          action: 'info_reason.create',
          infoReasonId: 9,
          createdAt: at('2026-03-03T10:00:00Z'),
        },
        {
          userId: boss.user.id,
          type: 6,
          action: 'lom.update',
          lomId: 4,
          createdAt: at('2026-03-04T10:00:00Z'),
          oldValue: { name: 'А' },
          newValue: { name: 'Б' },
        },
        {
          userId: boss.user.id,
          type: 1,
          action: 'message.future_verb',
          messageId: 2,
          createdAt: at('2026-03-05T10:00:00Z'),
        },
      ])
      .returning({ id: userActions.id });
  });
  afterAll(() => t2.close());
  const get = async (query: string) => {
    const res = await boss.get(`/api/v1/user-actions/?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const idOf = (i: number) => rows[i].id;

  it('each filter selects its rows, newest first', async () => {
    expect(ids(await get(''))).toEqual([4, 3, 2, 1, 0].map(idOf));
    expect(ids(await get(`user_in=${other.user.id}`))).toEqual([2, 1].map(idOf));
    expect(ids(await get('type_in=1'))).toEqual([4, 0].map(idOf));
    expect(ids(await get('type_not_in=1,6'))).toEqual([2, 1].map(idOf));
    expect(ids(await get('action_in=theme.rename,lom.update'))).toEqual([3, 1].map(idOf));
    expect(ids(await get('message_in=2'))).toEqual([idOf(4)]);
    expect(ids(await get('theme_in=7'))).toEqual([idOf(1)]);
    expect(ids(await get('info_reason_in=9'))).toEqual([idOf(2)]);
    expect(ids(await get('lom_in=4'))).toEqual([idOf(3)]);
    expect(ids(await get(`user_in=${boss.user.id}&type_in=1`))).toEqual([4, 0].map(idOf));
  });

  it('reads the period in Moscow days', async () => {
    // 2026-03-02 in Moscow holds the rename (00:30) but not the verify (23:30 of the 1st).
    expect(ids(await get('created_at_after=2026-03-02&created_at_before=2026-03-02'))).toEqual([idOf(1)]);
    expect(ids(await get('created_at_before=2026-03-01'))).toEqual([idOf(0)]);
    expect(ids(await get('created_at_after=2026-03-04'))).toEqual([4, 3].map(idOf));
  });

  it('presents who, what in Russian, and the raw verb when it has no label', async () => {
    const body = await get('theme_in=7');
    expect(body.results[0]).toMatchObject({
      action: 'theme.rename',
      action_name: 'переименовал тему',
      type_name: 'Тема',
      user: {
        id: other.user.id,
        username: 'logs-editor',
        full_name: `${other.user.lastName} ${other.user.firstName}`,
      },
      theme_id: 7,
      old_value: 'Старое',
      new_value: 'Новое',
    });
    const unknown = await get('message_in=2');
    expect(unknown.results[0].action_name).toBe('message.future_verb');
  });

  it('answers 400 naming the field of a bad filter', async () => {
    for (const [query, field] of [
      ['user_in=abc', 'user_in'],
      ['type_in=99', 'type_in'],
      ['type_not_in=-1', 'type_not_in'],
      ['action_in=DROP TABLE', 'action_in'],
      ['lom_in=1.5', 'lom_in'],
      ['created_at_after=2026-02-30', 'created_at_after'],
      ['created_at_before=вчера', 'created_at_before'],
      ['page_size=100000', 'page_size'],
    ]) {
      const res = await boss.get(`/api/v1/user-actions/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().field, query).toBe(field);
    }
  });
});

describe('GET /api/v1/user-actions/get_report/', () => {
  it('streams an xlsx of the filtered log with Russian headers', async () => {
    const res = await admin.get('/api/v1/user-actions/get_report/?type_in=1,4');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(String(res.headers['content-disposition'])).toContain('filename*=UTF-8');
    expect(res.headers['x-report-rows']).toBe('3');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Журнал действий');
    if (!sheet) throw new Error('no sheet');
    const values: ExcelJS.CellValue[][] = [];
    sheet.eachRow((row) => values.push((row.values as ExcelJS.CellValue[]).slice(1)));
    expect(values[0]).toEqual([
      'Дата и время (МСК)',
      'Пользователь',
      'Логин',
      'Раздел',
      'Действие',
      'Объект',
      'Было',
      'Стало',
      'Код действия',
    ]);
    expect(values).toHaveLength(4);
    expect(values[1].slice(3)).toEqual(['Тема', 'переименовал тему', 'тема №5', 'А', 'Б', 'theme.rename']);
    expect(values[2].slice(4, 8)).toEqual(['изменил архивность сообщения', 'сообщение №11', 'нет', 'да']);
  });

  it('answers 400 naming a bad filter, 401 and 403', async () => {
    const bad = await admin.get('/api/v1/user-actions/get_report/?type_in=abc');
    expect(bad.json()).toMatchObject({ statusCode: 400, field: 'type_in' });
    expect((await t.anonymous.get('/api/v1/user-actions/get_report/')).statusCode).toBe(401);
    expect((await t.as('editor').get('/api/v1/user-actions/get_report/')).statusCode).toBe(403);
  });
});
