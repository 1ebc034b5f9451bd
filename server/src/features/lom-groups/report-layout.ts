import type { LomOrderField } from '@monitoring/contracts';
import type ExcelJS from 'exceljs';
import type { LomRow, PeriodMetricRow } from '../../domain/lists/lom-list-queries.ts';
import { moscowWallClock } from '../../domain/moscow-calendar.ts';
import { DECIMAL_FORMAT, type ExcelColumn, NUMBER_FORMAT } from '../../domain/reports/excel.ts';
import { EXCEL_MAX_CELL, truncate, xmlSafe, yesNo } from '../../domain/reports/text.ts';

/** One lom of a report: the /loms row with its metrics over the period. */
export interface ReportLom {
  id: number;
  name: string;
  createdAt: Date | null;
  category: string | null;
  segment: string | null;
  region: string | null;
  lomTypes: string;
  platforms: string;
  accounts: string;
  isActive: boolean;
  isForeignAgent: boolean;
  subscribers: number;
  sumCoverage: number;
  totalSi: number;
  totalViews: number;
  messageNumber: number;
  messagesCount: number;
  verifiedCount: number;
  quotesCount: number;
  averageSi: number;
  audienceAge: number | null;
  trustIndex: number | null;
  influenceIndex: number | null;
  integrationIndex: number | null;
  lastMessageAt: Date | null;
}

const DATE_TIME_FORMAT = 'dd.mm.yyyy hh:mm';

const unique = (values: readonly string[]) => [...new Set(values)];

/**
 * The list row as the lom list presents it (loms/service.ts): all-time metrics from the
 * lom's columns, replaced by the period's sums when a period is given.
 */
export function toReportLom(
  row: LomRow,
  createdAt: Date | null,
  period: { sums: PeriodMetricRow | undefined; quotes: number } | null,
): ReportLom {
  const base = {
    totalSi: Number(row.total_si),
    totalViews: Number(row.total_views),
    messageNumber: Number(row.message_number),
    messagesCount: Number(row.messages_count),
    verifiedCount: Number(row.verified_count),
    quotesCount: Number(row.quotes_count),
    averageSi: Number(row.average_si),
  };
  const n = Number(period?.sums?.n ?? 0);
  const si = Number(period?.sums?.si ?? 0);
  const metrics = period
    ? {
        totalSi: si,
        totalViews: Number(period.sums?.views ?? 0),
        messageNumber: n,
        messagesCount: n,
        verifiedCount: Number(period.sums?.verified ?? 0),
        quotesCount: period.quotes,
        averageSi: n > 0 ? si / n : 0,
      }
    : base;
  return {
    id: Number(row.id),
    name: row.name,
    createdAt,
    category: row.category,
    segment: row.segment,
    region: row.region?.name ?? null,
    lomTypes: row.lom_types.map((t) => t.name).join(', '),
    platforms: unique(row.lom_sources.map((s) => s.source.name)).join(', '),
    accounts: row.lom_sources.map((s) => s.lom_source_url).join('\n'),
    isActive: row.is_active,
    isForeignAgent: row.is_foreign_agent,
    subscribers: Number(row.subscribers),
    sumCoverage: Number(row.sum_coverage),
    ...metrics,
    audienceAge: row.audience_age === null ? null : Number(row.audience_age),
    trustIndex: row.trust_index,
    influenceIndex: row.influence_index,
    integrationIndex: row.integration_index,
    lastMessageAt: row.last_message_at ? new Date(row.last_message_at) : null,
  };
}

/** The sort key of a lom for each field of the list's ordering (nulls sort last). */
const SORT_KEYS: Readonly<Record<LomOrderField, (lom: ReportLom) => string | number | null>> = {
  name: (l) => l.name.toLowerCase(),
  created_at: (l) => l.createdAt?.getTime() ?? null,
  subscribers: (l) => l.subscribers,
  sum_coverage: (l) => l.sumCoverage,
  audience_age: (l) => l.audienceAge,
  trust_index: (l) => l.trustIndex,
  influence_index: (l) => l.influenceIndex,
  integration_index: (l) => l.integrationIndex,
  total_si: (l) => l.totalSi,
  total_views: (l) => l.totalViews,
  message_number: (l) => l.messageNumber,
  messages_count: (l) => l.messagesCount,
  verified_count: (l) => l.verifiedCount,
  quotes_count: (l) => l.quotesCount,
  average_si: (l) => l.averageSi,
};

/** The list's order (`-` descending, nulls last both ways, ties by id) for loms sorted in memory. */
export function compareLoms(ordering: string): (a: ReportLom, b: ReportLom) => number {
  const desc = ordering.startsWith('-');
  const key = SORT_KEYS[(desc ? ordering.slice(1) : ordering) as LomOrderField];
  return (a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
      return a.id - b.id;
    }
    const order = typeof x === 'string' ? x.localeCompare(String(y), 'ru') : x - Number(y);
    return (desc ? -order : order) || a.id - b.id;
  };
}

const text = (value: string | null) => (value ? truncate(xmlSafe(value), EXCEL_MAX_CELL) : null);

/** The sheet «ЛОМ»: one row per lom, the columns of the /loms table. */
export const LOM_REPORT_COLUMNS: readonly ExcelColumn<ReportLom>[] = [
  { header: 'ID', width: 9, value: (l) => l.id },
  { header: 'ЛОМ', width: 28, wrap: true, value: (l) => text(l.name) },
  { header: 'Категория', width: 16, wrap: true, value: (l) => text(l.category) },
  { header: 'Сегмент', width: 16, wrap: true, value: (l) => text(l.segment) },
  { header: 'Регион', width: 20, wrap: true, value: (l) => text(l.region) },
  { header: 'Типы ЛОМ', width: 24, wrap: true, value: (l) => text(l.lomTypes) },
  { header: 'Площадки', width: 18, wrap: true, value: (l) => text(l.platforms) },
  // Plain text, not hyperlinks: exceljs keeps every hyperlink of a sheet in memory until its end.
  { header: 'Аккаунты', width: 36, wrap: true, value: (l) => text(l.accounts) },
  { header: 'Активен', width: 9, value: (l) => yesNo(l.isActive) },
  { header: 'Иноагент', width: 9, value: (l) => yesNo(l.isForeignAgent) },
  { header: 'Подписчики', width: 13, numFmt: NUMBER_FORMAT, value: (l) => l.subscribers },
  { header: 'Суммарный охват', width: 14, numFmt: NUMBER_FORMAT, value: (l) => l.sumCoverage },
  { header: 'Si', width: 12, numFmt: DECIMAL_FORMAT, value: (l) => l.totalSi },
  { header: 'Просмотры', width: 14, numFmt: NUMBER_FORMAT, value: (l) => l.totalViews },
  { header: 'Публикации', width: 12, numFmt: NUMBER_FORMAT, value: (l) => l.messageNumber },
  { header: 'Сообщения', width: 12, numFmt: NUMBER_FORMAT, value: (l) => l.messagesCount },
  { header: 'Проверено', width: 11, numFmt: NUMBER_FORMAT, value: (l) => l.verifiedCount },
  { header: 'Цитаты', width: 10, numFmt: NUMBER_FORMAT, value: (l) => l.quotesCount },
  { header: 'Средний Si', width: 11, numFmt: DECIMAL_FORMAT, value: (l) => l.averageSi },
  { header: 'Возраст аудитории', width: 11, value: (l) => l.audienceAge },
  { header: 'Индекс доверия', width: 10, numFmt: DECIMAL_FORMAT, value: (l) => l.trustIndex },
  { header: 'Индекс влияния', width: 10, numFmt: DECIMAL_FORMAT, value: (l) => l.influenceIndex },
  { header: 'Индекс интеграции', width: 11, numFmt: DECIMAL_FORMAT, value: (l) => l.integrationIndex },
  {
    header: 'Последнее сообщение',
    width: 17,
    numFmt: DATE_TIME_FORMAT,
    value: (l) => (l.lastMessageAt ? moscowWallClock(l.lastMessageAt) : null),
  },
];

export const ORDERING_LABELS: Readonly<Record<LomOrderField, string>> = {
  name: 'имя',
  created_at: 'дата добавления',
  subscribers: 'подписчики',
  sum_coverage: 'суммарный охват',
  audience_age: 'возраст аудитории',
  trust_index: 'индекс доверия',
  influence_index: 'индекс влияния',
  integration_index: 'индекс интеграции',
  total_si: 'Si',
  total_views: 'просмотры',
  message_number: 'публикации',
  messages_count: 'сообщения',
  verified_count: 'проверенные сообщения',
  quotes_count: 'цитаты',
  average_si: 'средний Si',
};

export function orderingText(ordering: string): string {
  const desc = ordering.startsWith('-');
  const label = ORDERING_LABELS[(desc ? ordering.slice(1) : ordering) as LomOrderField] ?? ordering;
  return `${label}, ${desc ? 'по убыванию' : 'по возрастанию'}`;
}

/** The sheet «Параметры»: what the report is of, as label and value lines. */
export function writeParametersSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  lines: readonly (readonly [string, string])[],
): void {
  const sheet = workbook.addWorksheet('Параметры');
  sheet.columns = [
    { key: 'label', width: 24 },
    { key: 'value', width: 60, style: { alignment: { wrapText: true, vertical: 'top' } } },
  ];
  for (const [label, value] of lines) {
    const row = sheet.addRow([label, truncate(xmlSafe(value), EXCEL_MAX_CELL)]);
    row.getCell(1).font = { bold: true };
    row.commit();
  }
  sheet.commit();
}
