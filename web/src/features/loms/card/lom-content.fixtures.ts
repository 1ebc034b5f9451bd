import type { LomDetail, QuoteListItem } from '@monitoring/contracts';
import type { LomCardPeriod } from './types.ts';

// Test data of the publications, quotes, speech, comments, facts and cooperation tabs.

export const LOM_ID = 8;
export const JUNE: LomCardPeriod = { after: '2025-06-01', before: '2025-06-30' };

/** The card summary as GET loms/{id}/ answers it to a user with the full card. */
export function buildLom(overrides: Partial<LomDetail> = {}): LomDetail {
  return {
    id: LOM_ID,
    name: 'Анна Орлова',
    avatar: null,
    is_active: true,
    is_favourite: false,
    is_foreign_agent: false,
    category: null,
    segment: null,
    region: null,
    lom_types: [],
    lom_sources: [],
    subscribers: 0,
    sum_coverage: 0,
    total_si: 0,
    total_views: 0,
    message_number: 0,
    messages_count: 0,
    verified_count: 0,
    quotes_count: 0,
    average_si: 0,
    audience_age: null,
    trust_index: null,
    influence_index: null,
    integration_index: null,
    last_message_at: null,
    middlename: null,
    nickname: null,
    age: null,
    birth_date: null,
    is_manual: false,
    archived: false,
    residence_address: null,
    occupation: null,
    created_at: '2025-01-01T00:00:00.000Z',
    region_type: null,
    city: null,
    typology: null,
    lom_type_category: null,
    producer_name: null,
    awards: null,
    agency: null,
    cooperation: { id: 0, name: 'Статус не выбран' },
    lom_focuses: [],
    producer_centers: [],
    producer_center_types: [],
    thematic_group_types: [],
    list_and_types: [],
    interests: [],
    lom_data: null,
    card_access: 'full',
    ...overrides,
  };
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
