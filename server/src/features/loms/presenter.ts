import type { LomDetail, LomListItem } from '@monitoring/contracts';
import type { LomDetailRow, LomListRow } from '../../domain/lists/lom-list-queries.ts';

export function presentRow(row: LomListRow): LomListItem {
  return {
    id: row.id,
    name: row.name,
    avatar: row.avatar,
    is_active: row.is_active,
    is_favourite: row.is_favourite,
    is_foreign_agent: row.is_foreign_agent,
    category: row.category,
    segment: row.segment,
    region: row.region,
    lom_sources: row.lom_sources.map((s) => ({ ...s, coverage: Number(s.coverage) })),
    subscribers: Number(row.subscribers),
    sum_coverage: Number(row.sum_coverage),
    total_si: Number(row.total_si),
    total_views: Number(row.total_views),
    message_number: Number(row.message_number),
    messages_count: Number(row.messages_count),
    verified_count: Number(row.verified_count),
    quotes_count: Number(row.quotes_count),
    average_si: Number(row.average_si),
    audience_age: row.audience_age === null ? null : Number(row.audience_age),
    trust_index: row.trust_index,
    influence_index: row.influence_index,
    integration_index: row.integration_index,
    last_message_at: row.last_message_at,
  };
}

export function presentDetail(row: LomDetailRow): Omit<LomDetail, 'card_access'> {
  return {
    ...presentRow(row),
    lom_types: row.lom_types,
    middlename: row.middlename,
    nickname: row.nickname,
    age: row.age,
    birth_date: row.birth_date,
    is_manual: row.is_manual,
    archived: row.archived,
    residence_address: row.residence_address,
    occupation: row.occupation,
    created_at: row.created_at,
    region_type: row.region_type,
    city: row.city,
    typology: row.typology,
    lom_type_category: row.lom_type_category,
    producer_name: row.producer_name,
    awards: row.awards,
    agency: row.agency,
    cooperation: row.cooperation,
    lom_focuses: row.lom_focuses.map((f) => ({ ...f, actial_percent: Number(f.actial_percent) })),
    producer_centers: row.producer_centers,
    producer_center_types: row.producer_center_types,
    thematic_group_types: row.thematic_group_types,
    list_and_types: row.list_and_types,
    interests: row.interests,
    lom_data: row.lom_data as LomDetail['lom_data'],
  };
}
