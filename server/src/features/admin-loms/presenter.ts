import {
  type AdminLomItem,
  type AdminLomSourceItem,
  type AdminMlgReportItem,
  PROBABLE_LOM_REASONS,
  type ProbableLomReason,
} from '@monitoring/contracts';
import type { ReportRow } from './mlg-queries.ts';
import type { LomRow, LomSourceRow } from './queries.ts';

const reasonOf = (text: string | null): ProbableLomReason | null =>
  (PROBABLE_LOM_REASONS as readonly string[]).includes(text ?? '') ? (text as ProbableLomReason) : null;

export function presentLomSource(row: LomSourceRow): AdminLomSourceItem {
  return {
    id: row.id,
    url: row.url,
    account_name: row.account_name,
    source: { id: row.source_id, name: row.source_name },
    coverage: Number(row.coverage),
    is_active: row.is_active,
    created_at: row.created_at,
    lom: row.lom,
    probable_lom: row.probable_lom
      ? {
          ...row.probable_lom,
          score: row.probable_lom_score === null ? null : Number(row.probable_lom_score),
          reason: reasonOf(row.probable_lom_reason),
        }
      : null,
  };
}

export function presentLom(row: LomRow): AdminLomItem {
  return {
    id: row.id,
    name: row.name,
    nickname: row.nickname,
    is_active: row.is_active,
    archived: row.archived,
    subscribers: Number(row.subscribers),
    message_number: Number(row.message_number),
    messages_count: Number(row.messages_count),
    quotes_count: Number(row.quotes_count),
    sources_count: Number(row.sources_count),
    created_at: row.created_at,
  };
}

export function presentReport(row: ReportRow): AdminMlgReportItem {
  return {
    id: row.id,
    report_id: Number(row.report_id),
    title: row.title,
    public: row.public,
    active: row.active,
    last_processed: row.last_processed,
    created_at: row.created_at,
    loms_count: Number(row.loms_count),
    loms_sources_count: Number(row.loms_sources_count),
  };
}
