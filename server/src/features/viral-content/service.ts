import {
  pageInfo,
  SI_DEFINITION,
  type SiAnswer,
  VIRAL_TEXT_LENGTH,
  type ViralContentAnswer,
  type ViralContentQuery,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import { viralPeriod } from '../../domain/viral-period.ts';
import { offsetOf } from '../../http/pagination.ts';
import { presentViralItem } from './presenter.ts';
import { viralCount, viralPageRows } from './queries.ts';

/** GET api/v2/viral-content/: a page of the period's viral messages in the order of the chosen stat. */
export async function viralContent(db: Db, query: ViralContentQuery): Promise<ViralContentAnswer> {
  const range = viralPeriod(query);
  const offset = offsetOf(query.page, query.page_size);
  const [rows, total] = await Promise.all([
    viralPageRows(db, range, query.stat, offset, query.page_size, VIRAL_TEXT_LENGTH),
    viralCount(db, range),
  ]);
  return {
    results: rows.map(presentViralItem),
    ...pageInfo(query.page, query.page_size, total),
    period_after: range.from,
    period_before: range.to,
    stat: query.stat,
  };
}

/** GET api/v2/si/: the SI index's definition and scale (contracts' SI_DEFINITION, docs/si.md). */
export function siDefinition(): SiAnswer {
  return { ...SI_DEFINITION, scale: SI_DEFINITION.scale.map((band) => ({ ...band })) };
}
