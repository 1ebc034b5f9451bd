import { describe, expect, it } from 'vitest';
import {
  AGE_RANGES,
  AGE_RANGES_COARSE,
  AUDIENCE_KEYS,
  CHART_TITLES,
  CONTENT_TYPE_IDS,
  CONTENT_TYPE_LABELS,
  COOPERATION_NONE,
  DEFAULT_MESSAGE_STAT,
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  FAMILY_STATUS_IDS,
  FAMILY_STATUS_LABELS,
  FOREIGN_AGENT_THEMATIC_GROUP_ID,
  LOM_FACT_KIND_LABELS,
  MESSAGE_STATUS_IDS,
  MESSAGE_STATUS_LABELS,
  MESSAGE_TYPE_IDS,
  MESSAGE_TYPE_LABELS,
  MESSAGE_TYPES,
  messageTypeSchema,
  NOTIFICATION_DURATION_MS,
  PAGE_SIZES,
  PERIOD_OPTIONS,
  PRODUCER_DISPLAY_OVERRIDES,
  periodSchema,
  SOCIAL_NETWORKS,
  THEME_COLORS,
  THEME_NAME_DEFAULT,
} from './constants.ts';

describe('page sizes (§9)', () => {
  it('match the spec', () => {
    expect(DEFAULT_PAGE).toBe(1);
    expect(DEFAULT_PAGE_SIZE).toBe(25);
    expect(PAGE_SIZES).toMatchObject({
      DEFAULT: 25,
      SHARED_LIST: 50,
      CITIES: 50,
      RUBRICS_FETCH: 50,
      SOCIAL_PANEL: 12,
      VIRAL_CONTENT: 12,
      THEME_CARDS: 12,
      PRODUCERS: 20,
      VK_GROUPS: 30,
      LOM_TABLE: 100,
      COMPARE_LOMS: 100,
      FRAGMENTS: 200,
      REPORT_LOMS: 7,
      REPORT_THEMES: 5,
      INFO_REASONS_REPORT: 15,
      MESSAGES_PER_LOM: 3,
      TOP_N: 10,
      COMMENTS: 25,
      MOOD_TABLE: 25,
      RUBRIC_LOMS: 25,
      SOCIAL_LOMS: 25,
    });
  });
});

describe('id catalogues', () => {
  it('give every message type, status, content type and family status a Russian label', () => {
    const cyrillic = /^[А-ЯЁ][а-яёА-ЯЁ ()/-]*$/;
    for (const id of MESSAGE_TYPE_IDS) expect(MESSAGE_TYPE_LABELS[id]).toMatch(cyrillic);
    for (const id of MESSAGE_STATUS_IDS) expect(MESSAGE_STATUS_LABELS[id]).toMatch(/^[А-ЯЁ][а-яёА-ЯЁ ]*$/);
    for (const id of CONTENT_TYPE_IDS) expect(CONTENT_TYPE_LABELS[id]).toMatch(cyrillic);
    for (const id of FAMILY_STATUS_IDS) expect(FAMILY_STATUS_LABELS[id]).toMatch(cyrillic);
    expect(Object.keys(MESSAGE_TYPE_LABELS)).toHaveLength(MESSAGE_TYPE_IDS.length);
    expect(Object.keys(FAMILY_STATUS_LABELS)).toHaveLength(8);
  });

  it('number message types and statuses as §3 does', () => {
    expect(MESSAGE_TYPES).toEqual({
      POST: 0,
      REPOST: 1,
      REPOST_WITH_ADDITION: 8,
      PARTNER_STORY: 101,
      PARTNER_POST: 102,
    });
    expect(MESSAGE_TYPE_IDS).toEqual([0, 1, 8, 101, 102]);
    expect(MESSAGE_STATUS_IDS).toEqual([1, 2, 3, 4]);
    expect(MESSAGE_STATUS_LABELS[2]).toBe('Размечено ИИ');
    expect(LOM_FACT_KIND_LABELS).toEqual({ 1: 'Протесты', 2: 'Скандалы', 3: 'Факты' });
  });

  it('validate message types', () => {
    expect(messageTypeSchema.parse(101)).toBe(101);
    expect(messageTypeSchema.safeParse(2).success).toBe(false);
  });
});

describe('periods and ages (§9)', () => {
  it('offer day, week and month with Russian labels', () => {
    expect(PERIOD_OPTIONS).toEqual([
      { value: 'day', label: 'День' },
      { value: 'week', label: 'Неделя' },
      { value: 'month', label: 'Месяц' },
    ]);
    expect(periodSchema.safeParse('year').success).toBe(false);
  });

  it('tie each age range to its audience bucket', () => {
    expect(AGE_RANGES.map(({ from, to }) => `${from}-${to}`)).toEqual([
      '0-17',
      '18-24',
      '25-34',
      '35-44',
      '45-54',
      '55-99',
    ]);
    expect(AGE_RANGES_COARSE.map(({ from, to }) => `${from}-${to}`)).toEqual([
      '0-18',
      '18-24',
      '25-39',
      '40-59',
      '60-99',
    ]);
    expect(AGE_RANGES.map(({ key }) => key)).toEqual(AUDIENCE_KEYS.age);
    expect(AGE_RANGES_COARSE.map(({ key }) => key)).toEqual(AUDIENCE_KEYS.ageCoarse);
  });
});

describe('special values', () => {
  it('match §3 and §9', () => {
    expect(FOREIGN_AGENT_THEMATIC_GROUP_ID).toBe(12);
    expect(COOPERATION_NONE).toEqual({ id: 0, name: 'Статус не выбран' });
    expect(PRODUCER_DISPLAY_OVERRIDES[23]).toBe(46);
    expect(PRODUCER_DISPLAY_OVERRIDES[9]).toBe(135);
    expect(PRODUCER_DISPLAY_OVERRIDES[1]).toBeUndefined();
    expect(NOTIFICATION_DURATION_MS).toBe(5000);
    expect(THEME_NAME_DEFAULT).toBe('без имени');
    expect(DEFAULT_MESSAGE_STAT).toBe('views');
    expect(THEME_COLORS).toEqual({
      primary: '#1576E6',
      secondary: '#54667A',
      warning: '#F5CE40',
      error: '#EF4D4D',
      success: '#66C05A',
    });
    expect(Object.values(CHART_TITLES)).toEqual([
      'Количество ЛОМ',
      'Число сообщений',
      'Si',
      'Число просмотров',
    ]);
    expect(SOCIAL_NETWORKS).toHaveLength(10);
    expect(SOCIAL_NETWORKS).toContain('ВКонтакте');
  });
});
