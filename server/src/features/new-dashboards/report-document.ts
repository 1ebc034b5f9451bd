import { type ChartResponse, formatNumber } from '@monitoring/contracts';
import {
  AlignmentType,
  Document,
  HeadingLevel,
  ImageRun,
  Packer,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { xmlSafe } from '../../domain/reports/text.ts';
import { A4_TEXT_WIDTH, fitColumnWidths } from '../../domain/reports/word-table.ts';
import type { ImageType } from './report-form.ts';

// The Word document of a dashboard report: the title, the period and the filter in words, then each chart's
// image under its title with the numbers behind it as a table (recomputed by the server when the report was
// asked for, not read from the picture).

export interface ReportDocumentChart {
  name: string;
  image: Uint8Array;
  imageType: ImageType;
  data: ChartResponse | null;
}

export interface ReportDocument {
  title: string;
  dashboardName: string;
  lines: readonly { label: string; value: string }[];
  generatedAt: string;
  charts: readonly ReportDocumentChart[];
}

const MUTED = '54667A';
const HEADER_FILL = 'E8EDF3';
/** Pixels of the picture's width on a portrait A4 page. */
const IMAGE_WIDTH = 600;

/** Width and height of a PNG (IHDR) or a JPEG (first SOF marker); null when unreadable. */
export function imageSize(bytes: Uint8Array, type: ImageType): { width: number; height: number } | null {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (type === 'png') {
    if (view.length < 24) return null;
    return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
  }
  let at = 2;
  while (at + 9 < view.length) {
    if (view[at] !== 0xff) return null;
    const marker = view[at + 1];
    const length = view.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: view.readUInt16BE(at + 5), width: view.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  return null;
}

const text = (value: string) => xmlSafe(value);

function cell(value: string, options: { bold?: boolean; fill?: string; right?: boolean } = {}) {
  return new TableCell({
    children: [
      new Paragraph({
        alignment: options.right ? AlignmentType.RIGHT : AlignmentType.LEFT,
        children: [new TextRun({ text: text(value), bold: options.bold, size: 18 })],
      }),
    ],
    shading: options.fill ? { type: ShadingType.CLEAR, color: 'auto', fill: options.fill } : undefined,
    margins: { top: 30, bottom: 30, left: 60, right: 60 },
  });
}

/** The cells' text size (half-points) and margins, as cell() sets them. */
const TABLE_TEXT = { size: 18, margins: 120 } as const;

/** A step's first day as the interface writes dates: 03.03.2025. */
const stepLabel = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/** The chart's numbers: a row per category (a step's first day for the charts over time), a column per series. */
export function dataTable(data: ChartResponse): Table {
  const headers = ['', ...data.series.map((s) => s.name)];
  const header = new TableRow({
    tableHeader: true,
    children: headers.map((name, index) => cell(name, { bold: index > 0, fill: HEADER_FILL })),
  });
  // Numbers the Russian way (no-break spaces between groups, a decimal comma), each on one line.
  const texts = data.categories.map((category, i) => [
    data.step ? stepLabel(category) : category,
    ...data.series.map((s) => formatNumber(s.values[i] ?? 0)),
  ]);
  const rows = texts.map(
    (row) =>
      new TableRow({
        children: row.map((value, index) => (index === 0 ? cell(value) : cell(value, { right: true }))),
      }),
  );
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    columnWidths: fitColumnWidths([headers, ...texts], { total: A4_TEXT_WIDTH, ...TABLE_TEXT }),
    rows: [header, ...rows],
  });
}

function chartBlocks(chart: ReportDocumentChart) {
  const size = imageSize(chart.image, chart.imageType) ?? { width: 800, height: 400 };
  const scale = IMAGE_WIDTH / Math.max(1, size.width);
  const blocks: (Paragraph | Table)[] = [
    new Paragraph({
      heading: HeadingLevel.HEADING_1,
      spacing: { before: 240 },
      keepNext: true,
      children: [new TextRun({ text: text(chart.name) })],
    }),
    new Paragraph({
      keepNext: true,
      children: [
        new ImageRun({
          type: chart.imageType,
          data: chart.image,
          transformation: { width: IMAGE_WIDTH, height: Math.max(1, Math.round(size.height * scale)) },
          altText: { name: text(chart.name), title: text(chart.name), description: text(chart.name) },
        }),
      ],
    }),
  ];
  if (chart.data && chart.data.categories.length > 0) {
    blocks.push(dataTable(chart.data));
    blocks.push(
      new Paragraph({
        spacing: { before: 60 },
        children: [
          new TextRun({ text: `Всего сообщений: ${formatNumber(chart.data.total)}`, color: MUTED, size: 18 }),
        ],
      }),
    );
  } else if (chart.data) {
    blocks.push(new Paragraph({ children: [new TextRun({ text: 'Нет данных за период', color: MUTED })] }));
  }
  return blocks;
}

export async function renderReportDocument(report: ReportDocument): Promise<Buffer> {
  const head = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun({ text: text(report.title) })] }),
    new Paragraph({
      spacing: { after: 80 },
      children: [
        new TextRun({ text: 'Дашборд: ', bold: true }),
        new TextRun({ text: text(report.dashboardName) }),
      ],
    }),
    ...report.lines.map(
      (line) =>
        new Paragraph({
          spacing: { after: 40 },
          children: [
            new TextRun({ text: `${text(line.label)}: `, bold: true }),
            new TextRun({ text: text(line.value) }),
          ],
        }),
    ),
    new Paragraph({
      spacing: { after: 200 },
      children: [new TextRun({ text: `Сформирован: ${report.generatedAt}`, color: MUTED })],
    }),
  ];
  const document = new Document({
    creator: 'Мониторинг',
    title: text(report.title),
    styles: { default: { document: { run: { font: 'Arial', size: 20 } } } },
    sections: [{ children: [...head, ...report.charts.flatMap(chartBlocks)] }],
  });
  return Packer.toBuffer(document);
}
