import { formatDateRu, formatNumber, formatTimeRu, MOOD_LABELS, type Mood } from '@monitoring/contracts';
import {
  AlignmentType,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  Packer,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import type { ReportMessageRow } from './message-queries.ts';
import { type FilterLine, MOOD_TABLE_HEADERS, type MoodLine } from './summary.ts';
import { plainMessageText, truncate, xmlSafe } from './text.ts';
import { A4_TEXT_WIDTH, fitColumnWidths } from './word-table.ts';

/** A message's text in a Word report is cut here: the document is for reading, the Excel file has it whole. */
export const WORD_MAX_TEXT = 4_000;

const MUTED = '54667A';
const LINK = '1576E6';
const HEADER_FILL = 'E8EDF3';

export interface WordSection {
  heading: string;
  messages: readonly ReportMessageRow[];
}

export interface WordReport {
  title: string;
  generatedAt: string;
  filter: readonly FilterLine[];
  moods: readonly MoodLine[];
  /** Said under the mood table, e.g. that the list is cut to the Word limit. */
  note: string | null;
  sections: readonly WordSection[];
  /** Popular report: number the messages and name the ranking stat. */
  ranking?: { label: string; value: (row: ReportMessageRow) => number };
}

const text = (value: string) => xmlSafe(value);

function cell(value: string, options: { bold?: boolean; fill?: string | null; alignRight?: boolean } = {}) {
  return new TableCell({
    children: [
      new Paragraph({
        alignment: options.alignRight ? AlignmentType.RIGHT : AlignmentType.LEFT,
        children: [new TextRun({ text: text(value), bold: options.bold })],
      }),
    ],
    shading: options.fill ? { type: ShadingType.CLEAR, color: 'auto', fill: options.fill } : undefined,
    margins: { top: 40, bottom: 40, left: 80, right: 80 },
  });
}

/** The cells' text size (the document's 10 pt) and margins, as cell() sets them. */
const TABLE_TEXT = { size: 20, margins: 160 } as const;

function moodTable(lines: readonly MoodLine[]): Table {
  const header = new TableRow({
    tableHeader: true,
    children: MOOD_TABLE_HEADERS.map((title, index) =>
      cell(title, { bold: true, fill: HEADER_FILL, alignRight: index > 0 }),
    ),
  });
  const texts = lines.map((line) => [
    line.label,
    ...[line.messages, line.percent, line.loms, line.si, line.views, line.reposts].map(formatNumber),
  ]);
  const rows = lines.map(
    (line, index) =>
      new TableRow({
        children: [
          cell(line.label, { bold: line.total, fill: line.tint }),
          ...texts[index].slice(1).map((value) => cell(value, { bold: line.total, alignRight: true })),
        ],
      }),
  );
  // Every number column fits its longest number on one line; the mood names take the rest and wrap between words.
  return new Table({
    rows: [header, ...rows],
    width: { size: 100, type: WidthType.PERCENTAGE },
    columnWidths: fitColumnWidths([MOOD_TABLE_HEADERS, ...texts], {
      total: A4_TEXT_WIDTH,
      ...TABLE_TEXT,
    }),
  });
}

function messageText(row: ReportMessageRow): Paragraph {
  const lines = truncate(plainMessageText(row.text), WORD_MAX_TEXT).split('\n');
  return new Paragraph({
    spacing: { after: 60 },
    children: lines.map((line, index) => new TextRun({ text: line, break: index > 0 ? 1 : undefined })),
  });
}

function messageMeta(row: ReportMessageRow): string {
  const parts = [
    row.mood === null ? null : `Тональность: ${MOOD_LABELS[row.mood as Mood] ?? row.mood}`,
    row.themeName ? `Тема: ${row.themeName}` : null,
    row.infoReasonName ? `Инфоповод: ${row.infoReasonName}` : null,
    `Si: ${formatNumber(row.si)}`,
    `Просмотры: ${formatNumber(row.views)}`,
    `Репосты: ${formatNumber(row.reposts)}`,
  ];
  return parts.filter((part) => part !== null).join(' · ');
}

function messageBlock(
  row: ReportMessageRow,
  rank: number | null,
  ranking: WordReport['ranking'],
): Paragraph[] {
  const when = `${formatDateRu(row.wroteAt)} ${formatTimeRu(row.wroteAt)}`;
  const head = [
    new TextRun({ text: text(`${rank === null ? '' : `${rank}. `}${row.lomName ?? 'Без ЛОМ'}`), bold: true }),
    new TextRun({ text: text(` · ${when}${row.sourceName ? ` · ${row.sourceName}` : ''}`), color: MUTED }),
  ];
  if (ranking) {
    head.push(new TextRun({ text: ` · ${ranking.label}: ${formatNumber(ranking.value(row))}`, bold: true }));
  }
  const blocks = [
    new Paragraph({ keepNext: true, spacing: { before: 160, after: 40 }, children: head }),
    messageText(row),
  ];
  if (row.url) {
    blocks.push(
      new Paragraph({
        spacing: { after: 40 },
        children: [
          new ExternalHyperlink({
            link: row.url,
            children: [new TextRun({ text: text(row.url), color: LINK, underline: {}, size: 18 })],
          }),
        ],
      }),
    );
  }
  blocks.push(
    new Paragraph({ children: [new TextRun({ text: text(messageMeta(row)), color: MUTED, size: 18 })] }),
  );
  return blocks;
}

/** The whole document in memory: the caller caps the number of messages. */
export async function renderWordReport(report: WordReport): Promise<Buffer> {
  const head = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun({ text: report.title })] }),
    ...report.filter.map(
      (line) =>
        new Paragraph({
          spacing: { after: 40 },
          children: [
            new TextRun({ text: `${line.label}: `, bold: true }),
            new TextRun({ text: text(line.value) }),
          ],
        }),
    ),
    new Paragraph({
      spacing: { after: 200 },
      children: [new TextRun({ text: `Сформирован: ${report.generatedAt}`, color: MUTED })],
    }),
    new Paragraph({
      heading: HeadingLevel.HEADING_1,
      children: [new TextRun({ text: 'Тональность сообщений' })],
    }),
    moodTable(report.moods),
  ];
  if (report.note) {
    head.push(
      new Paragraph({
        spacing: { before: 120 },
        children: [new TextRun({ text: report.note, italics: true })],
      }),
    );
  }
  let rank = 0;
  const body = report.sections.flatMap((section) => [
    new Paragraph({
      heading: HeadingLevel.HEADING_1,
      spacing: { before: 360 },
      children: [new TextRun({ text: text(section.heading) })],
    }),
    ...section.messages.flatMap((row) => messageBlock(row, report.ranking ? ++rank : null, report.ranking)),
  ]);
  const document = new Document({
    creator: 'Мониторинг',
    title: report.title,
    styles: { default: { document: { run: { font: 'Arial', size: 20 } } } },
    sections: [{ children: [...head, ...body] }],
  });
  return Packer.toBuffer(document);
}
