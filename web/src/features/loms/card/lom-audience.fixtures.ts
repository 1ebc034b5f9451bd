import { type AudienceShares, coarseAgeShares, type LomDetail } from '@monitoring/contracts';
import type { LomCardPeriod } from './types.ts';

// Test data of the audience, quality audience, brands and dynamics tabs.

export const JUNE: LomCardPeriod = { after: '2025-06-01', before: '2025-06-30' };

/** The card summary as GET loms/{id}/ answers it; the tabs read only the id. */
export function buildLomDetail(overrides: Partial<LomDetail> = {}): LomDetail {
  return {
    id: 5,
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

export function buildShares(overrides: Partial<AudienceShares> = {}): AudienceShares {
  const fine = { a0_17: 5, a18_24: 18, a25_34: 28, a35_44: 22, a45_54: 15, amore_55: 12 };
  return {
    female__sum: 60,
    male__sum: 40,
    ...fine,
    ...coarseAgeShares(fine),
    married: 55.5,
    single: 44.5,
    middle: 45,
    higher: 55,
    correlated_sum: 50,
    anti_correlated_sum: 15,
    non_correlated_sum: 35,
    ...overrides,
  };
}
