import { inflateRawSync } from 'node:zlib';
import {
  apiPath,
  GENERATED_REPORT_PATHS,
  type GeneratedReportItem,
  NEW_DASHBOARD_CHART_TITLES,
  NEW_DASHBOARD_PATHS,
  REPORT_MAX_IMAGE_BYTES,
} from '@monitoring/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportCharts, reports } from '../../db/schema/index.ts';
import { buildLomGroup } from '../../test/factories-lom-groups.ts';
import { buildLom } from '../../test/factories-loms.ts';
import { buildMessage } from '../../test/factories-messages.ts';
import { createKit, type FormFields, type Kit, multipartBody, type UserCaller } from '../../test/kit.ts';
import { renderReportDocument } from './report-document.ts';

let kit: Kit;
let owner: UserCaller;
let other: UserCaller;
let watcher: UserCaller;
let lomSelection: UserCaller;
let dashboardId: number;

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]);

const reportPath = (id: number) => apiPath(NEW_DASHBOARD_PATHS.report, { id });
const png = (name = 'chart.png') => ({ filename: name, content: PNG, type: 'image/png' });

function form(charts: number, extra: FormFields = []): FormFields {
  const fields: [string, string | { filename: string; content: Buffer; type: string }][] = [
    ['name', 'Отчёт за март'],
    ['report_type', 'docx'],
  ];
  for (let i = 0; i < charts; i++) {
    fields.push([`charts[${i}][name]`, NEW_DASHBOARD_CHART_TITLES.period_tonality]);
    fields.push([`charts[${i}][chart]`, 'period_tonality']);
    fields.push([`charts[${i}][parameters]`, '{"step":"week"}']);
    fields.push([`charts[${i}][image]`, png()]);
  }
  return [...fields, ...extra];
}

/** word/document.xml of a .docx (the local header of its entry; docx writes sizes there). */
function documentXml(file: Buffer): string {
  let at = 0;
  while (at + 30 < file.length && file.readUInt32LE(at) === 0x04034b50) {
    const method = file.readUInt16LE(at + 8);
    const size = file.readUInt32LE(at + 18);
    const nameLength = file.readUInt16LE(at + 26);
    const extra = file.readUInt16LE(at + 28);
    const name = file.toString('utf8', at + 30, at + 30 + nameLength);
    const data = file.subarray(at + 30 + nameLength + extra, at + 30 + nameLength + extra + size);
    if (name === 'word/document.xml') return (method === 0 ? data : inflateRawSync(data)).toString('utf8');
    at += 30 + nameLength + extra + size;
  }
  throw new Error('no word/document.xml');
}

async function counts() {
  return {
    reports: (await kit.db.select().from(reports)).length,
    charts: (await kit.db.select().from(reportCharts)).length,
  };
}

async function waitDone(caller: UserCaller, id: number): Promise<GeneratedReportItem> {
  for (let i = 0; i < 100; i++) {
    const list = (await caller.get(GENERATED_REPORT_PATHS.list)).json();
    const item = list.results.find((r: GeneratedReportItem) => r.id === id);
    if (item && item.status !== 'building') return item;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('report still building');
}

beforeAll(async () => {
  kit = await createKit();
  owner = await kit.caller({ role: 3 });
  other = await kit.caller({ role: 3 });
  watcher = await kit.caller({ role: 1 });
  lomSelection = await kit.caller({ role: 102 });
  const lom = await buildLom(kit.db, { name: 'Иван Петров' });
  const group = await buildLomGroup(kit.db, { ownerId: owner.user.id, loms: [lom.id] });
  await buildMessage(kit.db, { lomId: lom.id, mood: 1, day: '2025-03-03' });
  await buildMessage(kit.db, { lomId: lom.id, mood: 2, day: '2025-03-12' });
  const res = await owner.post(NEW_DASHBOARD_PATHS.list, {
    name: 'Март',
    filters: { wrote_at_after: '2025-03-01', wrote_at_before: '2025-03-31' },
    lom_groups: [group.id],
  });
  dashboardId = res.json().id;
});

afterAll(async () => {
  await kit?.close();
});

describe('POST new-dashboards/{id}/report/ and the reports list', () => {
  it('stores the report, builds a Word file with titles and numbers, lists, downloads and deletes it', async () => {
    const started = Date.now();
    const res = await owner.form('POST', reportPath(dashboardId), form(8));
    expect(res.statusCode, res.body).toBe(202);
    const item = res.json() as GeneratedReportItem;
    expect(item.status).toBe('building');
    const done = await waitDone(owner, item.id);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(done).toMatchObject({ status: 'done', charts_count: 8, report_type: 'docx' });
    expect(done.size).toBeGreaterThan(1000);
    const file = await owner.get(apiPath(GENERATED_REPORT_PATHS.download, { id: item.id }));
    expect(file.statusCode).toBe(200);
    const xml = documentXml(file.rawPayload);
    expect(xml).toContain('Отчёт за март');
    expect(xml).toContain(NEW_DASHBOARD_CHART_TITLES.period_tonality);
    expect(xml).toContain('Позитивное');
    expect(xml).toContain('03.03.2025');
    // others do not see it; the watcher does
    expect((await other.get(GENERATED_REPORT_PATHS.list)).json().results).toEqual([]);
    expect((await other.get(apiPath(GENERATED_REPORT_PATHS.download, { id: item.id }))).statusCode).toBe(404);
    expect((await other.delete(apiPath(GENERATED_REPORT_PATHS.detail, { id: item.id }))).statusCode).toBe(
      404,
    );
    const all = (await watcher.get(GENERATED_REPORT_PATHS.list)).json();
    expect(all.results.map((r: GeneratedReportItem) => r.id)).toContain(item.id);
    expect((await owner.delete(apiPath(GENERATED_REPORT_PATHS.detail, { id: item.id }))).statusCode).toBe(
      204,
    );
    expect((await owner.get(apiPath(GENERATED_REPORT_PATHS.download, { id: item.id }))).statusCode).toBe(404);
  });

  it('takes JPEG too', async () => {
    const res = await owner.form('POST', reportPath(dashboardId), [
      ['name', 'JPEG'],
      ['report_type', 'docx'],
      ['charts[0][name]', 'Снимок'],
      ['charts[0][image]', { filename: 'a.jpg', content: JPEG, type: 'image/jpeg' }],
    ]);
    expect(res.statusCode, res.body).toBe(202);
    expect((await waitDone(owner, res.json().id)).status).toBe('done');
  });

  it('answers 401, 403 and 404 (another user\u2019s dashboard) before reading the form', async () => {
    expect((await kit.anonymous.form('POST', reportPath(dashboardId), form(1))).statusCode).toBe(401);
    expect((await lomSelection.form('POST', reportPath(dashboardId), form(1))).statusCode).toBe(403);
    expect((await other.form('POST', reportPath(dashboardId), form(1))).statusCode).toBe(404);
    expect((await kit.anonymous.get(GENERATED_REPORT_PATHS.list)).statusCode).toBe(401);
    expect((await lomSelection.get(GENERATED_REPORT_PATHS.list)).statusCode).toBe(403);
    expect((await owner.get(GENERATED_REPORT_PATHS.list, { page_size: '0' })).statusCode).toBe(400);
    expect((await owner.delete(apiPath(GENERATED_REPORT_PATHS.detail, { id: 'true' }))).statusCode).toBe(400);
    // Ids that are no ids: a boolean, a negative, 2^63 — on the file and the delete alike, naming `id`.
    for (const id of ['true', '-1', '9223372036854775808'])
      for (const path of [GENERATED_REPORT_PATHS.download, GENERATED_REPORT_PATHS.detail]) {
        const res =
          path === GENERATED_REPORT_PATHS.detail
            ? await owner.delete(apiPath(path, { id }))
            : await owner.get(apiPath(path, { id }));
        expect(res.statusCode, `${path} ${id}`).toBe(400);
        expect(res.json().field).toBe('id');
      }
    expect((await owner.get(GENERATED_REPORT_PATHS.list, { page: '\u0000' })).json().field).toBe('page');
  });

  it('refuses bad forms with 400 naming the field and writes nothing', async () => {
    const before = await counts();
    const bad = async (fields: FormFields, field: string) => {
      const res = await owner.form('POST', reportPath(dashboardId), fields);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toBe(field);
    };
    await bad(form(21), 'charts');
    await bad(
      form(0, [
        ['charts[0][name]', 'x'],
        ['charts[0][image]', { filename: 'x.gif', content: Buffer.from('GIF89a......'), type: 'image/png' }],
      ]),
      'charts[0][image]',
    );
    const huge = Buffer.concat([PNG, Buffer.alloc(REPORT_MAX_IMAGE_BYTES)]);
    await bad(
      form(0, [
        ['charts[0][name]', 'x'],
        ['charts[0][image]', { filename: 'x.png', content: huge, type: 'image/png' }],
      ]),
      'charts[0][image]',
    );
    await bad(form(0), 'charts');
    await bad(
      form(1).filter(([name]) => name !== 'name'),
      'name',
    );
    await bad([...form(1).filter(([name]) => name !== 'report_type'), ['report_type', 'pdf']], 'report_type');
    await bad(form(1, [['colour', 'red']]), 'colour');
    await bad(form(1, [['charts[1][image]', png()]]), 'charts[1][name]');
    await bad(
      form(1, [
        ['charts[1][name]', 'x'],
        ['charts[1][chart]', 'pie'],
      ]),
      'charts[1][chart]',
    );
    await bad(
      form(1, [
        ['charts[1][name]', 'x'],
        ['charts[1][parameters]', '{'],
      ]),
      'charts[1][parameters]',
    );
    await bad(form(1, [['charts[1][name]', 'a\u0000b']]), 'charts[1][name]');
    // a stream cut in the middle of an image
    const { payload, contentType } = multipartBody(form(2));
    const cut = await owner.inject({
      method: 'POST',
      url: reportPath(dashboardId),
      payload: payload.subarray(0, payload.length - 120),
      headers: { 'content-type': contentType },
    });
    expect(cut.statusCode, cut.body).toBe(400);
    const notForm = await owner.post(reportPath(dashboardId), { name: 'x' });
    expect(notForm.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });
});

// No number breaks across lines (issue 29 §7): each number column is as wide as its longest number.
describe('the dashboard report’s chart tables', () => {
  it('prints the numbers the Russian way, each column as wide as its longest number', async () => {
    const file = await renderReportDocument({
      title: 'Отчёт',
      dashboardName: 'Дашборд',
      lines: [],
      generatedAt: '01 марта 2026',
      charts: [
        {
          name: 'Вовлечённость публикаций',
          image: new Uint8Array(),
          imageType: 'png',
          data: {
            chart: 'publication_involvement',
            title: 'Вовлечённость публикаций',
            period: { from: '2026-03-01', to: '2026-03-31' },
            step: 'week',
            source: 'rollup',
            category_ids: [null],
            total: 3,
            categories: ['2026-03-02'],
            series: [
              { key: 'publications', name: 'Публикации', mood: null, color: null, values: [1234] },
              { key: 'involvement', name: 'Вовлечённость', mood: null, color: null, values: [152_684.79] },
            ],
          },
        },
      ],
    });
    const xml = documentXml(file);
    expect(xml).toContain('152\u00a0684,79');
    expect(xml).not.toContain('152684');
    const grid = /<w:tblGrid>(.*?)<\/w:tblGrid>/.exec(xml)?.[1] ?? '';
    const [, publications, involvement] = [...grid.matchAll(/<w:gridCol w:w="(\d+)"/g)].map((m) =>
      Number(m[1]),
    );
    expect(publications).toBeGreaterThanOrEqual(5 * 101 + 120);
    expect(involvement).toBeGreaterThanOrEqual(10 * 101 + 120);
  });
});
