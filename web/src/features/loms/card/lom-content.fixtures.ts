import type { LomDetail, QuoteListItem } from '@monitoring/contracts';
import { buildLomDetail, JUNE } from './lom-audience.fixtures.ts';

// Test data of the publications, quotes, speech, comments, facts and cooperation tabs.

export const LOM_ID = 8;
export { JUNE };

/** The card summary as GET loms/{id}/ answers it to a user with the full card. */
export function buildLom(overrides: Partial<LomDetail> = {}): LomDetail {
  return buildLomDetail({ id: LOM_ID, ...overrides });
}

export function buildQuote(overrides: Partial<QuoteListItem> = {}): QuoteListItem {
  const id = overrides.id ?? 1;
  return {
    id,
    text: `Цитата номер ${id}`,
    wrote_at: '2025-06-20T09:30:00.000Z',
    mood: 1,
    theme: { id: 3, name: 'Благоустройство' },
    info_reason: null,
    message_id: 100 + id,
    fragment_id: null,
    speech_timestamp: null,
    is_manual: false,
    url: 'https://t.me/example/1',
    ...overrides,
  };
}

/** The search params of a request. */
export const paramsOf = (search: string) => Object.fromEntries(new URLSearchParams(search));
