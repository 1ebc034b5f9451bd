import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ACTION_LABELS, DASHBOARD_PERSONAL_THEME_PATHS } from '@monitoring/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalThemes, userActions } from '../../db/schema/index.ts';
import { buildInfoReason, buildTheme } from '../../test/factories-directories.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { createKit, type Kit } from '../../test/kit.ts';

// The log in Russian (issue 29 §4): field labels instead of field names, names instead of ids and codes, and a
// one-message edit logged as the single edit it is.

let t: Kit;
beforeAll(async () => {
  t = await createKit();
});
afterAll(() => t.close());

const logOf = async (messageId: number) => {
  const res = await t.as('admin').get(`/api/v1/user-actions/?message_in=${messageId}`);
  expect(res.statusCode).toBe(200);
  return res.json().results;
};

describe('the log of message edits', () => {
  it('logs a mood change of one message as a single edit, with the moods by name', async () => {
    const lom = await buildLom(t.database.db);
    const message = await buildMessage(t.database.db, { lomId: lom.id, mood: 4 });
    const res = await t.as('editor').patch('/api/v3/messages/fields/', { ids: [message.id], mood: 2 });
    expect(res.statusCode).toBe(200);
    const [row] = await logOf(message.id);
    expect(row.action).toBe('message.fields');
    expect(row.action_name).toBe('изменил сообщение');
    expect(row.changes).toEqual([{ field: 'Тональность', old: 'Другое', new: 'Негативное' }]);
  });

  it('keeps several messages a mass edit', async () => {
    const a = await buildMessage(t.database.db, { mood: 3 });
    const b = await buildMessage(t.database.db, { mood: 3 });
    await t.as('editor').patch('/api/v3/messages/fields/', { ids: [a.id, b.id], verified: true });
    const [row] = await logOf(a.id);
    expect(row.action_name).toBe('массово изменил сообщения');
    expect(row.changes).toEqual([{ field: 'Проверено', old: 'нет', new: 'да' }]);
  });

  it('names the theme and the info reason instead of their ids', async () => {
    const theme = await buildTheme(t.database.db, { name: 'Благоустройство' });
    const reason = await buildInfoReason(t.database.db, { themeId: theme.id, name: 'Новый сквер' });
    const message = await buildMessage(t.database.db);
    const res = await t.as('editor').post(`/api/v1/messages/${message.id}/theme/`, { theme_id: theme.id });
    expect(res.statusCode).toBeLessThan(300);
    await t.as('editor').patch('/api/v3/messages/fields/', { ids: [message.id], info_reason: reason.id });
    const rows = await logOf(message.id);
    const added = rows.find((r: { action: string }) => r.action === 'message.theme_add');
    expect(added.changes).toEqual([{ field: 'Тема', old: '—', new: 'Благоустройство' }]);
    const reasonRow = rows.find((r: { action: string }) => r.action === 'message.fields');
    expect(reasonRow.changes).toEqual([{ field: 'Инфоповод', old: '—', new: 'Новый сквер' }]);
    const text = JSON.stringify(rows.map((r: { changes: unknown }) => r.changes));
    expect(text).not.toMatch(/theme_id|info_reason_id|speech_timestamp/);
  });

  it('names the personal theme of a personal dashboard action instead of its id', async () => {
    const editor = t.as('extendedUser');
    const [theme] = await t.database.db
      .insert(personalThemes)
      .values({ userId: editor.user.id, name: 'Моя подборка о транспорте', filters: {} })
      .returning();
    const res = await editor.post(DASHBOARD_PERSONAL_THEME_PATHS.pinnedThemes, { theme: theme.id });
    expect(res.statusCode).toBeLessThan(300);
    const log = await t.as('admin').get(`/api/v1/user-actions/?user_in=${editor.user.id}`);
    const pinned = log.json().results.find((r: { action: string }) => r.action === 'personal_dashboard.pin');
    expect(pinned.changes).toContainEqual({
      field: 'Личная тема',
      old: null,
      new: 'Моя подборка о транспорте',
    });
    expect(JSON.stringify(pinned.changes)).not.toMatch(/personal_theme_id/);
  });

  it('writes the same Russian change into the Excel export', async () => {
    const message = await buildMessage(t.database.db, { mood: 4 });
    await t.as('editor').patch('/api/v3/messages/fields/', { ids: [message.id], mood: 1 });
    const res = await t.as('admin').get(`/api/v1/user-actions/get_report/?message_in=${message.id}`);
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const row = workbook.getWorksheet('Журнал действий')?.getRow(2).values as ExcelJS.CellValue[];
    expect(row.slice(5, 9)).toEqual([
      'изменил сообщение',
      `сообщение №${message.id}`,
      'Тональность: Другое',
      'Тональность: Позитивное',
    ]);
  });
});

describe('the log of other actions', () => {
  it('says an import in Russian: the verb and the counts by their labels', async () => {
    const admin = t.as('admin');
    await t.database.db.insert(userActions).values({
      userId: admin.user.id,
      type: 9,
      action: 'message.ingest',
      newValue: { created: 1200, updated: 0, rejected: 3 },
    });
    const res = await admin.get('/api/v1/user-actions/?type_in=9');
    const [row] = res.json().results;
    expect(row.action_name).toBe('загрузил сообщения');
    expect(row.changes).toEqual([
      { field: 'Создано', old: null, new: '1\u00a0200' },
      { field: 'Обновлено', old: null, new: '0' },
      { field: 'Отклонено', old: null, new: '3' },
    ]);
  });

  it('has a Russian label for every action verb the server writes', () => {
    const verbs = new Set<string>();
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) {
          for (const line of readFileSync(path, 'utf8').split('\n')) {
            if (!/\baction\b|'[a-z_]+\.[a-z_]+',$/.test(line)) continue;
            for (const [, verb] of line.matchAll(/'([a-z_]+\.[a-z_]+)'/g)) verbs.add(verb);
          }
        }
      }
    };
    walk(join(import.meta.dirname, '..'));
    const known =
      /^(message|fragment|quote|markup|theme|info_reason|lom|lom_group|lom_type|lom_focus|lom_source|rubric|tag|personal_tag|personal_theme|new_dashboard|daily_dashboard|client_excel|report|user|permission_group|organization|mlg_report)\./;
    const missing = [...verbs].filter((verb) => known.test(verb) && !Object.hasOwn(ACTION_LABELS, verb));
    expect(missing).toEqual([]);
  });
});

describe('the demo log', () => {
  it('says what each fragment edit changed, as the server writes it (no bare «нет → да»)', async () => {
    const demo = await createKit({}, { demo: { messages: 300 } });
    try {
      const res = await demo.as('admin').get('/api/v1/user-actions/?action_in=fragment.edit&page_size=50');
      expect(res.statusCode).toBe(200);
      const rows: { changes: { field: string | null }[] }[] = res.json().results;
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.changes.map((change) => change.field)).toEqual(['Тональность']);
    } finally {
      await demo.close();
    }
  });
});
