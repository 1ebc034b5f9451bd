import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import {
  excelUploads,
  lomSources,
  loms,
  sources,
  uploadReports,
  userActions,
} from '../../db/schema/index.ts';
import { type Caller, createKit, type Kit, type UserCaller } from '../../test/kit.ts';

let t: Kit;
let editor: UserCaller;
let vkId: number;

async function xlsx(rows: (string | number | Date | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('ЛОМ');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function upload(caller: Caller, fileName: string, body: Buffer, query = '') {
  return caller.form('POST', `/api/v1/client-excel/${query}`, [
    ['file', { filename: fileName, content: body, type: XLSX_TYPE }],
  ]);
}

async function readSheet(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as never);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

async function counts() {
  const [row] = await queryRows<{ loms: number; sources: number; uploads: number; reports: number }>(
    t.database.db,
    sql`select (select count(*)::int from loms) as loms, (select count(*)::int from lom_sources) as sources,
               (select count(*)::int from excel_uploads) as uploads, (select count(*)::int from upload_reports) as reports`,
  );
  return row;
}

const HEADER = ['Ссылка на аккаунт', 'Площадка', 'Имя', 'Подписчики', 'Дата рождения', 'Категория'];

beforeAll(async () => {
  t = await createKit();
  editor = t.as('editor');
  const [vk] = await t.database.db
    .insert(sources)
    .values([
      { name: 'ВКонтакте', icon: 'vk', host: 'vk.com' },
      { name: 'Telegram', icon: 'telegram', host: 't.me' },
    ])
    .returning();
  vkId = vk.id;
});
afterAll(() => t.close());

describe('POST /api/v1/client-excel/', () => {
  it('imports good rows, reports each bad row, and builds both files', async () => {
    const db = t.database.db;
    const [known] = await db.insert(loms).values({ name: 'Старое имя', category: 'Бренд' }).returning();
    const [knownSource] = await db
      .insert(lomSources)
      .values({ lomId: known.id, sourceId: vkId, url: 'https://vk.com/known_lom/', coverage: 100 })
      .returning();

    const file = await xlsx([
      HEADER,
      ['https://vk.com/new_one', 'ВКонтакте', 'Новый Блогер', 1500, '01.02.1990', 'Персона'], // 2 created
      ['HTTP://www.VK.com/known_lom', '', 'Новое имя', '2 500', '', ''], // 3 updated (matched by URL key)
      ['', 'ВКонтакте', 'Без ссылки', 10, '', ''], // 4 missing URL
      ['https://vk.com/odd', 'Мастодонт', 'Неизвестная площадка', 10, '', ''], // 5 unknown platform
      ['https://vk.com/new_one/', 'ВКонтакте', 'Дубликат', 10, '', ''], // 6 duplicate of row 2
      ['https://t.me/bad_number', '', 'Плохое число', 'много', '', ''], // 7 bad number
      ['https://t.me/auto_platform', '', 'Платформа по ссылке', 42, new Date(Date.UTC(1985, 4, 6)), ''], // 8 created
      ['https://t.me/no_name', 'Telegram', '', 5, '', ''], // 9 new lom without a name
    ]);
    const response = await upload(editor, 'клиенты.xlsx', file, '?force_create_lom=true&update_flag=true');
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      file_name: 'клиенты.xlsx',
      status: 'done',
      rows_total: 8,
      loms_created: 2,
      loms_updated: 1,
      rows_matched: 0,
      errors_count: 5,
      force_create_lom: true,
      update_flag: true,
    });
    expect(body.reportFile).toMatch(/\.xlsx$/);
    expect(body.logsFile).toMatch(/\.xlsx$/);

    const [updated] = await db.select().from(loms).where(eq(loms.id, known.id));
    expect(updated).toMatchObject({
      name: 'Новое имя',
      category: 'Бренд',
      subscribers: 2500,
      sumCoverage: 2500,
    });
    const [updatedSource] = await db.select().from(lomSources).where(eq(lomSources.id, knownSource.id));
    expect(updatedSource.coverage).toBe(2500);

    const created = await queryRows<{
      id: number;
      name: string;
      birth_date: string;
      subscribers: number;
      url: string;
      source: string;
    }>(
      db,
      sql`select l.id, l.name, l.birth_date::text, l.subscribers::int, ls.url, s.name as source
            from loms l join lom_sources ls on ls.lom_id = l.id join sources s on s.id = ls.source_id
           where l.name in ('Новый Блогер', 'Платформа по ссылке') order by l.name`,
    );
    expect(created).toMatchObject([
      {
        name: 'Новый Блогер',
        birth_date: '1990-02-01',
        subscribers: 1500,
        url: 'https://vk.com/new_one',
        source: 'ВКонтакте',
      },
      { name: 'Платформа по ссылке', birth_date: '1985-05-06', subscribers: 42, source: 'Telegram' },
    ]);
    const [{ n: bad }] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from loms where name in ('Без ссылки', 'Неизвестная площадка', 'Дубликат', 'Плохое число')`,
    );
    expect(bad).toBe(0);

    const report = await editor.get(`/api/v1/client-excel/${body.id}/medialogy_report/`);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('spreadsheetml');
    const reportRows = await readSheet(report.rawPayload);
    expect(reportRows[0]).toEqual([
      'Строка',
      'Ссылка на аккаунт',
      'Площадка',
      'Имя',
      'ID ЛОМ',
      'ID аккаунта',
      'Статус',
    ]);
    expect(reportRows.slice(1).map((r) => [r[0], r[4], r[6]])).toEqual([
      [2, created[0].id, 'Создан'],
      [3, known.id, 'Обновлён'],
      [8, created[1].id, 'Создан'],
    ]);

    const logs = await editor.get(`/api/v1/client-excel/${body.id}/export-logs-report/`);
    expect(logs.statusCode).toBe(200);
    const logRows = await readSheet(logs.rawPayload);
    expect(logRows[0]).toEqual(['Строка', 'Ссылка на аккаунт', 'Статус', 'Причина']);
    const byRow = new Map(logRows.slice(1).map((r) => [r[0], r]));
    expect(byRow.size).toBe(8);
    expect(byRow.get(4)?.[3]).toBe('Не указана ссылка на аккаунт');
    expect(byRow.get(5)?.[3]).toBe('Неизвестная площадка «Мастодонт»');
    expect(byRow.get(6)?.[3]).toBe('Ссылка повторяется: она уже есть в строке 2');
    expect(byRow.get(7)?.[3]).toContain('Подписчики: ожидается целое неотрицательное число');
    expect(byRow.get(9)?.[3]).toBe('Для нового ЛОМ нужно указать «Имя»');
    expect(byRow.get(2)?.[2]).toBe('Создан');

    const csv = await editor.get(`/api/v1/client-excel/${body.id}/export-logs-report/?file_format=csv`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(9);
    expect(lines[0]).toBe('Строка;Ссылка на аккаунт;Статус;Причина');

    const [stored] = await db.select().from(excelUploads).where(eq(excelUploads.id, body.id));
    expect(Buffer.from(stored.file ?? new Uint8Array()).equals(file)).toBe(true);
    const actions = await db.select().from(userActions).where(eq(userActions.action, 'client_excel.import'));
    expect(actions.at(-1)?.newValue).toMatchObject({ upload_id: body.id, created: 2, updated: 1, errors: 5 });
  });

  it('without the options only matches: unknown addresses are errors and nothing changes', async () => {
    const db = t.database.db;
    const [lom] = await db.insert(loms).values({ name: 'Не трогать' }).returning();
    await db
      .insert(lomSources)
      .values({ lomId: lom.id, sourceId: vkId, url: 'https://vk.com/keep_me', coverage: 7 });
    const before = await counts();
    const response = await upload(
      editor,
      'match.xlsx',
      await xlsx([
        ['Ссылка на аккаунт', 'Имя', 'Подписчики'],
        ['vk.com/keep_me', 'Другое имя', 999],
        ['https://vk.com/nobody_here', 'Кто-то', 1],
      ]),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      rows_total: 2,
      loms_created: 0,
      loms_updated: 0,
      rows_matched: 1,
      errors_count: 1,
    });
    const [same] = await db.select().from(loms).where(eq(loms.id, lom.id));
    expect(same.name).toBe('Не трогать');
    const after = await counts();
    expect(after.loms).toBe(before.loms);
    expect(after.sources).toBe(before.sources);
    expect(after.uploads).toBe(before.uploads + 1);
  });

  it('answers 400 naming the file and writes nothing for a file it cannot import', async () => {
    const before = await counts();
    const cases: [string, Buffer, RegExp][] = [
      ['list.csv', Buffer.from('url;name\nhttps://vk.com/a;A\n'), /формате \.xlsx/],
      ['fake.xlsx', Buffer.from('PK\u0003\u0004 definitely not a workbook'), /повреждён/],
      ['empty.xlsx', await xlsx([]), /пустой/],
      ['header-only.xlsx', await xlsx([HEADER]), /пустой/],
      [
        'unknown.xlsx',
        await xlsx([
          [...HEADER, 'Любимый цвет'],
          ['https://vk.com/x', 'ВКонтакте', 'X', 1, '', '', 'синий'],
        ]),
        /Неизвестная колонка «Любимый цвет»/,
      ],
      ['no-url.xlsx', await xlsx([['Имя'], ['Без ссылок']]), /нет обязательной колонки «Ссылка на аккаунт»/],
    ];
    for (const [name, body, message] of cases) {
      const response = await upload(editor, name, body, '?force_create_lom=true');
      expect(response.statusCode, name).toBe(400);
      expect(response.json().field, name).toBe('file');
      expect(response.json().message, name).toMatch(message);
    }
    const noFile = await editor.post('/api/v1/client-excel/', {});
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().field).toBe('file');
    const badFlag = await upload(editor, 'a.xlsx', await xlsx([HEADER]), '?update_flag=maybe');
    expect(badFlag.statusCode).toBe(400);
    expect(badFlag.json().field).toBe('update_flag');
    expect(await counts()).toEqual(before);
  });

  it('checks the token and the permission', async () => {
    const file = await xlsx([HEADER, ['https://vk.com/z', 'ВКонтакте', 'Z', 1, '', '']]);
    expect((await upload(t.anonymous, 'a.xlsx', file)).statusCode).toBe(401);
    // Roles 3 and 101.
    for (const login of ['user', 'service'] as const) {
      const caller = t.as(login);
      expect((await upload(caller, 'a.xlsx', file)).statusCode, login).toBe(403);
      for (const url of [
        '/api/v1/client-excel/',
        '/api/v1/client-excel/template/',
        '/api/v1/upload_reports/',
      ]) {
        expect((await caller.get(url)).statusCode, `${url} ${login}`).toBe(403);
      }
    }
    // CREATE_LOM alone may import but not update.
    const creator = await t.caller({ role: 3, extraPermissions: ['CREATE_LOM'] });
    const refused = await upload(creator, 'a.xlsx', file, '?update_flag=true');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().field).toBe('update_flag');
  });
});

describe('history, template and upload reports', () => {
  it('lists uploads, serves the template, and deletes an upload with its files', async () => {
    const template = await editor.get('/api/v1/client-excel/template/');
    expect(template.statusCode).toBe(200);
    const templateRows = await readSheet(template.rawPayload);
    expect(templateRows[0]).toContain('Ссылка на аккаунт');
    expect(templateRows[0]).toContain('Площадка');
    // The template itself imports cleanly (its example row names a platform of the directory).
    const fromTemplate = await upload(editor, 'template.xlsx', template.rawPayload, '?force_create_lom=true');
    expect(fromTemplate.statusCode).toBe(201);
    expect(fromTemplate.json()).toMatchObject({ rows_total: 1, errors_count: 0 });

    const list = await editor.get('/api/v1/client-excel/?page=1');
    expect(list.statusCode).toBe(200);
    const history = list.json();
    expect(history.elements_count).toBe(await t.database.db.$count(excelUploads));
    const first = history.results[0];
    expect(first).toMatchObject({ id: fromTemplate.json().id, file_name: 'template.xlsx' });
    expect(first.user.username).toBeTruthy();
    expect(first.reportFile).toBeTruthy();
    expect(first.upload_report_id).toBeGreaterThan(0);

    const reports = await editor.get('/api/v1/upload_reports/');
    expect(reports.statusCode).toBe(200);
    expect(reports.json().results[0]).toMatchObject({
      id: first.upload_report_id,
      excel_upload_id: first.id,
    });

    const otherEditor = await t.caller({ role: 2 });
    const notOwner = await otherEditor.delete(`/api/v1/upload_reports/${first.upload_report_id}/`);
    expect(notOwner.statusCode).toBe(403);

    const removed = await editor.delete(`/api/v1/upload_reports/${first.upload_report_id}/`);
    expect(removed.statusCode).toBe(204);
    expect(await t.database.db.$count(excelUploads, eq(excelUploads.id, first.id))).toBe(0);
    expect(await t.database.db.$count(uploadReports, eq(uploadReports.id, first.upload_report_id))).toBe(0);
    const gone = await editor.get(`/api/v1/client-excel/${first.id}/medialogy_report/`);
    expect(gone.statusCode).toBe(404);
    const again = await editor.delete(`/api/v1/upload_reports/${first.upload_report_id}/`);
    expect(again.statusCode).toBe(404);
    const badId = await editor.get('/api/v1/client-excel/abc/medialogy_report/');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().field).toBe('id');
  });
});
