import type { MessageFilter } from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { onPrimary } from '../../db/read-routing.ts';
import type { AuthUser } from '../../http/auth.ts';
import type { Download } from '../../http/download.ts';
import { insertDownloadRecord } from './download-record-queries.ts';
import type { DownloadSnapshot, ReportFilterLine } from './generated-report.ts';
import { describeMessageFilter } from './summary.ts';

// The reports list (/reports) is where a user finds what they downloaded: every report file the server sends
// (/messages Excel and Word, /quotes Excel, lom reports, the action log's Excel) writes a row there, with who, when,
// what it was made from and with what filter, once the file is ready to go and before its first byte is sent.

export interface DownloadOrigin {
  source: DownloadSnapshot['source'];
  /** The filter in words. */
  lines: readonly ReportFilterLine[];
  /** A GET's path (a contracts report path) and the request's URL, to make the file again; omitted for a POST. */
  repeat?: { path: string; url: string };
}

/** The query of a request's URL as it was sent, empty values left out. */
export function queryOfUrl(url: string): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of new URL(url, 'http://localhost').searchParams) {
    if (value !== '') query[key] = value;
  }
  return query;
}

/** Words for the query keys of the files whose filter has no wording of its own (quotes, loms, the log). */
const QUERY_LABELS: Readonly<Record<string, string>> = {
  wrote_at_after: 'С',
  wrote_at_before: 'По',
  message__wrote_at_after: 'С',
  message__wrote_at_before: 'По',
  created_at_after: 'С',
  created_at_before: 'По',
  search: 'Поиск',
  ordering: 'Сортировка',
  message_in: 'Сообщения',
  theme_in: 'Темы',
  info_reason_in: 'Инфоповоды',
  lom_in: 'ЛОМ',
  user_in: 'Пользователи',
  type_in: 'Типы',
  type_not_in: 'Кроме типов',
  mood_in: 'Тональность',
};
/** Paging says nothing of what a file holds. */
const NOT_A_FILTER = new Set(['page', 'page_size', 'pageSize']);

/** A request's query parameters as filter lines, for a file whose filter has no wording of its own. */
export function queryLines(url: string): ReportFilterLine[] {
  return Object.entries(queryOfUrl(url))
    .filter(([key]) => !NOT_A_FILTER.has(key))
    .map(([key, value]) => ({ label: QUERY_LABELS[key] ?? key, value }));
}

/** A /messages report (Excel or Word): its effective filter in the words of the report's own summary. */
export async function messageDownloadOrigin(
  db: Db,
  filter: MessageFilter,
  path: string,
  url: string,
): Promise<DownloadOrigin> {
  return { source: 'messages', lines: await describeMessageFilter(db, filter), repeat: { path, url } };
}

const REPORT_TYPES: Readonly<Record<string, string>> = { '.xlsx': 'xlsx', '.docx': 'docx', '.csv': 'csv' };

/** Writes the download's row in the reports list and hands the download back, to be sent. */
export async function recordDownload(
  db: Db,
  user: AuthUser,
  download: Download,
  origin: DownloadOrigin,
): Promise<Download> {
  const extension = download.fileName.slice(download.fileName.lastIndexOf('.')).toLowerCase();
  // A download is a GET, which reads the replica when there is one (DATABASE_READ_URL); its record is a write.
  await onPrimary(() =>
    insertDownloadRecord(db, {
      userId: user.id,
      name: download.fileName,
      reportType: REPORT_TYPES[extension] ?? extension.replace('.', ''),
      mimeType: download.contentType,
      size: Buffer.isBuffer(download.body) ? download.body.length : null,
      snapshot: {
        kind: 'download',
        source: origin.source,
        lines: [...origin.lines],
        rows: download.rows ?? null,
        repeat: origin.repeat ? { path: origin.repeat.path, query: queryOfUrl(origin.repeat.url) } : null,
      },
    }),
  );
  return download;
}
