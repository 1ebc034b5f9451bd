import {
  apiPath,
  GENERATED_REPORT_PATHS,
  type GeneratedReportItem,
  LOM_REPORT_PATHS,
  REPORT_PATHS,
  USER_ACTION_PATHS,
} from '@monitoring/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { reports } from '../../db/schema/index.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { createKit, type Kit, type UserCaller } from '../../test/kit.ts';

// docs/reports.md "Generated reports and the reports list": every file downloaded is found on /reports.

let kit: Kit;
let reader: UserCaller;
let other: UserCaller;
let admin: UserCaller;

const MARCH = { wrote_at_after: '2025-03-01', wrote_at_before: '2025-03-31' };

async function listOf(caller: UserCaller): Promise<GeneratedReportItem[]> {
  const answer = await caller.get(GENERATED_REPORT_PATHS.list);
  expect(answer.statusCode).toBe(200);
  return answer.json().results;
}

beforeAll(async () => {
  kit = await createKit();
  reader = await kit.caller({ role: 3 });
  other = await kit.caller({ role: 3 });
  admin = await kit.caller({ role: 1 });
  const lom = await buildLom(kit.db, { name: 'Иван Петров' });
  await buildMessage(kit.db, { lomId: lom.id, mood: 1, day: '2025-03-03' });
});

describe('downloads recorded in the reports list', () => {
  it('records a /messages Excel download: who, when, its filter in words and the call that makes it again', async () => {
    const before = Date.now();
    const file = await reader.get(REPORT_PATHS.xlsx.file, { ...MARCH, mood_in: '1' });
    expect(file.statusCode).toBe(200);

    const [item] = await listOf(reader);
    expect(item).toMatchObject({
      source: 'messages',
      report_type: 'xlsx',
      status: 'done',
      file_kept: false,
      author: { id: reader.user.id },
      repeat: { path: REPORT_PATHS.xlsx.file, query: { ...MARCH, mood_in: '1' } },
    });
    expect(item.name).toMatch(/\.xlsx$/);
    expect(Date.parse(item.created_at)).toBeGreaterThanOrEqual(before - 1000);
    const labels = item.filters.map((line) => line.label);
    expect(labels).toContain('Период');
    expect(item.filters.find((line) => line.label === 'Тональность')?.value).toBe('Позитивное');
  });

  it('records a Word report too, and shows nobody else’s downloads to a user without WATCH_LOGS_AND_REPORTS', async () => {
    const file = await reader.get(REPORT_PATHS['word-report'].file, MARCH);
    expect(file.statusCode).toBe(200);
    const [item] = await listOf(reader);
    expect(item).toMatchObject({ source: 'messages', report_type: 'docx' });

    expect(await listOf(other)).toEqual([]);
    const everyone = await listOf(admin);
    expect(everyone.some((r) => r.author.id === reader.user.id)).toBe(true);
  });

  it('records the action log’s Excel and a lom report with their filters', async () => {
    const log = await admin.get(USER_ACTION_PATHS.report, { type_not_in: '1', page: '2' });
    expect(log.statusCode).toBe(200);
    const [logItem] = await listOf(admin);
    expect(logItem).toMatchObject({ source: 'logs', report_type: 'xlsx', author: { id: admin.user.id } });
    // Paging says nothing of what the file holds.
    expect(logItem.filters).toEqual([{ label: 'Кроме типов', value: '1' }]);

    const loms = await admin.get(LOM_REPORT_PATHS.filtered, MARCH);
    expect(loms.statusCode).toBe(200);
    const [lomItem] = await listOf(admin);
    expect(lomItem).toMatchObject({
      source: 'loms',
      repeat: { path: LOM_REPORT_PATHS.filtered, query: MARCH },
    });
  });

  it('records nothing for a refused download, and answers 400 on the file of a download not kept', async () => {
    const rows = async () => (await kit.db.select({ id: reports.id }).from(reports)).length;
    const count = await rows();
    const refused = await reader.get(REPORT_PATHS.xlsx.file, { wrote_at_after: 'вчера' });
    expect(refused.statusCode).toBe(400);
    expect(await rows()).toBe(count);

    const [item] = await listOf(reader);
    const file = await reader.get(apiPath(GENERATED_REPORT_PATHS.download, { id: item.id }));
    expect(file.statusCode).toBe(400);
    expect(file.json().field).toBe('id');
  });
});
