import {
  type MessageFilter,
  type QuoteFilter,
  REPORT_MAX_MESSAGES,
  type ReportEstimation,
  WORD_REPORT_MAX_MESSAGES,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { LOM_SUMMARY_LIMIT } from './documents.ts';
import { countMessages, sampleTextBytes } from './message-queries.ts';
import { countQuotes, sampleQuoteBytes } from './quote-queries.ts';

/**
 * Size models of the files, fitted on demo data (docs/reports.md): a fixed
 * part, a part per row and a part per byte of text (after zip for Excel).
 * An estimate, meant for a progress bar, not a promise.
 */
const MODELS = {
  xlsx: { base: 6_000, perRow: 150, perTextByte: 0.42 },
  quotes: { base: 6_000, perRow: 90, perTextByte: 0.42 },
  docx: { base: 12_000, perRow: 45, perTextByte: 0.32 },
  summaryPerLom: 60,
} as const;

type Model = { base: number; perRow: number; perTextByte: number };

const size = (model: Model, rows: number, textBytes: number) =>
  Math.round(model.base + rows * (model.perRow + textBytes * model.perTextByte));

export type EstimateKind = 'xlsx' | 'report' | 'word' | 'popular';

/** Counts the matching messages and estimates the file; cheap: one count and a sample of 300 rows. */
export async function estimateMessageReport(
  db: Db,
  filter: MessageFilter,
  kind: EstimateKind,
  top = 0,
): Promise<ReportEstimation> {
  const messagesNumber = await countMessages(db, filter);
  const textBytes = messagesNumber === 0 ? 0 : await sampleTextBytes(db, filter);
  const included =
    kind === 'word'
      ? Math.min(messagesNumber, WORD_REPORT_MAX_MESSAGES)
      : kind === 'popular'
        ? Math.min(messagesNumber, top)
        : messagesNumber;
  const word = kind === 'word' || kind === 'popular';
  let bytes = size(word ? MODELS.docx : MODELS.xlsx, included, textBytes);
  if (kind === 'report') bytes += Math.min(messagesNumber, LOM_SUMMARY_LIMIT) * MODELS.summaryPerLom;
  return {
    messages_number: messagesNumber,
    included_number: included,
    expected_size_bytes: bytes,
    max_messages: REPORT_MAX_MESSAGES,
    exceeds_limit: messagesNumber > REPORT_MAX_MESSAGES,
    format: word ? 'docx' : 'xlsx',
  };
}

export async function estimateQuoteReport(db: Db, filter: QuoteFilter): Promise<ReportEstimation> {
  const quotesNumber = await countQuotes(db, filter);
  const textBytes = quotesNumber === 0 ? 0 : await sampleQuoteBytes(db, filter);
  return {
    messages_number: quotesNumber,
    included_number: quotesNumber,
    expected_size_bytes: size(MODELS.quotes, quotesNumber, textBytes),
    max_messages: REPORT_MAX_MESSAGES,
    exceeds_limit: quotesNumber > REPORT_MAX_MESSAGES,
    format: 'xlsx',
  };
}
