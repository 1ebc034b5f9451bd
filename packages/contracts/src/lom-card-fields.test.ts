import { describe, expect, it } from 'vitest';
import {
  ageOnDay,
  GATED_LOM_CARD_FIELDS,
  gateLomDetail,
  lomCardFieldVisible,
  producerLomsCountShown,
} from './lom-card-fields.ts';
import type { LomDetail } from './loms.ts';

const detail: Omit<LomDetail, 'card_access'> = {
  id: 1,
  name: 'Анна',
  avatar: null,
  is_active: true,
  is_favourite: false,
  is_foreign_agent: true,
  category: 'Персона',
  segment: 'Региональный',
  region: { id: 2, name: 'Регион' },
  lom_types: [],
  lom_sources: [],
  subscribers: 10,
  sum_coverage: 10,
  total_si: 1,
  total_views: 1,
  message_number: 1,
  messages_count: 1,
  verified_count: 0,
  quotes_count: 0,
  average_si: 1,
  audience_age: 30,
  trust_index: 0.5,
  influence_index: null,
  integration_index: null,
  last_message_at: null,
  middlename: null,
  nickname: '@anna',
  age: 35,
  birth_date: '1990-05-12',
  is_manual: false,
  archived: false,
  residence_address: 'Казань',
  occupation: 'Блогер',
  created_at: '2025-01-01T00:00:00.000Z',
  region_type: 2,
  city: null,
  typology: 'Эксперт',
  lom_type_category: null,
  producer_name: 'Центр',
  awards: 'Премия',
  agency: 'Агентство',
  cooperation: { id: 2, name: 'Сотрудничает' },
  lom_focuses: [{ id: 1, name: 'Экология', actial_percent: 40 }],
  producer_centers: [{ id: 23, name: 'Центр' }],
  producer_center_types: [],
  thematic_group_types: [{ id: 12, name: 'Иноагенты' }],
  list_and_types: [{ id: 1, name: 'Основной' }],
  interests: [{ id: 1, name: 'Музыка', isAi: false }],
  lom_data: {
    birth_date: '1990-05-12',
    birth_day: 12,
    birth_month: 5,
    country: 'Россия',
    city: null,
    gender: 'female',
    family_status: 4,
    occupation: null,
    activities: null,
    status: null,
    description: null,
  },
};

describe('gateLomDetail', () => {
  it('keeps the whole card for full access', () => {
    expect(gateLomDetail(detail, 'full')).toEqual({ ...detail, card_access: 'full' });
  });

  it('hides the profile and classification from base, keeping the public picture', () => {
    const card = gateLomDetail(detail, 'base');
    expect(card).toMatchObject({
      card_access: 'base',
      name: 'Анна',
      nickname: '@anna',
      is_foreign_agent: true,
      category: 'Персона',
      trust_index: 0.5,
      birth_date: null,
      age: null,
      residence_address: null,
      awards: null,
      agency: null,
      typology: null,
      lom_data: null,
      cooperation: null,
      interests: [],
      producer_centers: [],
      thematic_group_types: [],
      list_and_types: [],
      lom_focuses: [],
    });
  });

  it('shows extended everything but the cooperation', () => {
    const card = gateLomDetail(detail, 'extended');
    const { cooperation: _c, ...rest } = detail;
    expect(card).toEqual({ ...rest, cooperation: null, card_access: 'extended' });
  });

  it('gates only fields the card has, and lists each level once', () => {
    for (const field of GATED_LOM_CARD_FIELDS) expect(field in detail, field).toBe(true);
    expect(lomCardFieldVisible('name', 'base')).toBe(true);
    expect(lomCardFieldVisible('awards', 'base')).toBe(false);
    expect(lomCardFieldVisible('awards', 'extended')).toBe(true);
    expect(lomCardFieldVisible('cooperation', 'extended')).toBe(false);
    expect(lomCardFieldVisible('cooperation', 'full')).toBe(true);
  });
});

describe('producerLomsCountShown', () => {
  it('shows the fixed counts of producers 23 and 9 (§9), the computed one otherwise', () => {
    expect(producerLomsCountShown(23, 3)).toBe(46);
    expect(producerLomsCountShown(9, 0)).toBe(135);
    expect(producerLomsCountShown(1, 7)).toBe(7);
  });
});

describe('ageOnDay', () => {
  it('counts full years, the birthday itself included', () => {
    expect(ageOnDay('1990-05-12', '2025-05-11')).toBe(34);
    expect(ageOnDay('1990-05-12', '2025-05-12')).toBe(35);
    expect(ageOnDay('1990-05-12', '2025-12-31')).toBe(35);
    expect(ageOnDay('2000-02-29', '2025-02-28')).toBe(24);
    expect(ageOnDay('2000-02-29', '2025-03-01')).toBe(25);
    expect(ageOnDay('2025-01-01', '2025-01-01')).toBe(0);
  });

  it('gives null for no date, a bad date or a birth after the day', () => {
    expect(ageOnDay(null, '2025-01-01')).toBeNull();
    expect(ageOnDay('12.05.1990', '2025-01-01')).toBeNull();
    expect(ageOnDay('2026-01-01', '2025-01-01')).toBeNull();
  });
});
