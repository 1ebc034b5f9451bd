import {
  CONTENT_TYPE_LABELS,
  type ContentType,
  MESSAGE_STATUS_LABELS,
  MESSAGE_TYPE_LABELS,
  type MessageFilter,
  type MessageOrdering,
  type MessageStatus,
  type MessageType,
  MOOD_COLOR_UNDEFINED,
  MOOD_COLORS,
  MOOD_LABELS,
  type Mood,
  percentOf,
} from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import type { MoodSummaryRow, NamedTable } from './message-queries.ts';
import { namesByIds } from './message-queries.ts';
import { periodText, yesNo } from './text.ts';

/** One line of a report's filter summary: «ЛОМ: Иванов, Петров». */
export interface FilterLine {
  label: string;
  value: string;
}

/** Lists longer than this are cut in a title: «…и ещё 12». */
const MAX_NAMES = 15;

const ORDERING_LABELS: Readonly<Record<MessageOrdering, string>> = {
  '-wrote_at': 'сначала новые',
  wrote_at: 'сначала старые',
  '-si': 'по Si, по убыванию',
  si: 'по Si, по возрастанию',
  '-number_views': 'по просмотрам, по убыванию',
  number_views: 'по просмотрам, по возрастанию',
  '-repost_count': 'по репостам, по убыванию',
  repost_count: 'по репостам, по возрастанию',
  '-relevance': 'сначала новые (релевантность в отчётах не учитывается)',
};

const NAMED_LISTS: readonly {
  key: keyof MessageFilter & `${string}_in`;
  label: string;
  table: NamedTable;
}[] = [
  { key: 'lom_in', label: 'ЛОМ', table: 'loms' },
  { key: 'theme_in', label: 'Темы', table: 'themes' },
  { key: 'info_reason_in', label: 'Инфоповоды', table: 'infoReasons' },
  { key: 'rubric_in', label: 'Рубрики', table: 'rubrics' },
  { key: 'region_in', label: 'Регионы', table: 'regions' },
  { key: 'city_in', label: 'Города', table: 'cities' },
  { key: 'source_in', label: 'Источники', table: 'sources' },
  { key: 'tag_in', label: 'Теги', table: 'tags' },
];

const FLAG_LABELS = [
  ['archived', 'В архиве'],
  ['delayed', 'Отложенные'],
  ['trash', 'Корзина'],
  ['verified', 'Проверено'],
  ['verified_by_super_editor', 'Одобрено супер-редактором'],
  ['verified_ai', 'Проверено ИИ'],
  ['from_zephyr', 'Зефир'],
] as const;

function joinNames(names: readonly string[]): string {
  if (names.length <= MAX_NAMES) return names.join(', ');
  return `${names.slice(0, MAX_NAMES).join(', ')} и ещё ${names.length - MAX_NAMES}`;
}

function labelled<K extends number>(ids: readonly number[] | undefined, labels: Readonly<Record<K, string>>) {
  return joinNames((ids ?? []).map((id) => labels[id as K] ?? String(id)));
}

/** The filter in words, names looked up, for the head of a report. */
export async function describeMessageFilter(db: Db, filter: Partial<MessageFilter>): Promise<FilterLine[]> {
  const lines: FilterLine[] = [{ label: 'Период', value: periodText(filter) }];
  for (const { key, label, table } of NAMED_LISTS) {
    const ids = filter[key];
    if (ids?.length) lines.push({ label, value: joinNames(await namesByIds(db, table, ids)) });
  }
  if (filter.type_in?.length) {
    lines.push({ label: 'Тип контента', value: labelled<ContentType>(filter.type_in, CONTENT_TYPE_LABELS) });
  }
  if (filter.message_type_in?.length) {
    lines.push({
      label: 'Тип сообщения',
      value: labelled<MessageType>(filter.message_type_in, MESSAGE_TYPE_LABELS),
    });
  }
  if (filter.state_in?.length) {
    lines.push({ label: 'Статус', value: labelled<MessageStatus>(filter.state_in, MESSAGE_STATUS_LABELS) });
  }
  if (filter.mood_in?.length) {
    lines.push({ label: 'Тональность', value: labelled<Mood>(filter.mood_in, MOOD_LABELS) });
  }
  if (filter.id_in?.length)
    lines.push({ label: 'Сообщения', value: joinNames(filter.id_in.map((id) => `№ ${id}`)) });
  for (const [key, label] of FLAG_LABELS) {
    const value = filter[key];
    if (value !== undefined) lines.push({ label, value: yesNo(value) });
  }
  if (filter.search) lines.push({ label: 'Поиск', value: `«${filter.search}»` });
  if (filter.ordering) lines.push({ label: 'Сортировка', value: ORDERING_LABELS[filter.ordering] });
  return lines;
}

/** A mood table row ready to print. */
export interface MoodLine {
  label: string;
  /** Background of the label cell: the mood colour, lightened so black text reads on it. */
  tint: string | null;
  messages: number;
  percent: number;
  loms: number;
  si: number;
  views: number;
  reposts: number;
  total: boolean;
}

/** 4 is merged into 3 by the query; the order is the spec's mood order. */
const TABLE_MOODS: readonly Mood[] = [1, 2, 3, 5, 6];

/** Mixes a #RRGGBB colour with white: `amount` 0 keeps it, 1 is white. */
export function lighten(hex: string, amount: number): string {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16);
    return Math.round(value + (255 - value) * amount)
      .toString(16)
      .padStart(2, '0');
  };
  return `${channel(1)}${channel(3)}${channel(5)}`.toUpperCase();
}

/** Every mood row (zeros included), then messages without a mood if any, then the total. */
export function moodLines(rows: readonly MoodSummaryRow[]): MoodLine[] {
  const total = rows.find((r) => r.mood === 'total') ?? { messages: 0, loms: 0, si: 0, views: 0, reposts: 0 };
  const line = (
    label: string,
    tint: string | null,
    row: Omit<MoodSummaryRow, 'mood'> | undefined,
    isTotal = false,
  ) => ({
    label,
    tint,
    messages: row?.messages ?? 0,
    percent: percentOf(row?.messages ?? 0, total.messages),
    loms: row?.loms ?? 0,
    si: row?.si ?? 0,
    views: row?.views ?? 0,
    reposts: row?.reposts ?? 0,
    total: isTotal,
  });
  const lines = TABLE_MOODS.map((mood) =>
    line(
      mood === 3 ? `${MOOD_LABELS[3]} (вкл. «${MOOD_LABELS[4]}»)` : MOOD_LABELS[mood],
      lighten(MOOD_COLORS[mood], 0.6),
      rows.find((r) => r.mood === mood),
    ),
  );
  const unknown = rows.find((r) => r.mood === null);
  if (unknown) lines.push(line('Не определена', lighten(MOOD_COLOR_UNDEFINED, 0.5), unknown));
  lines.push(line('Всего', null, total, true));
  return lines;
}

export const MOOD_TABLE_HEADERS = [
  'Тональность',
  'Сообщений',
  'Доля, %',
  'ЛОМ',
  'Si',
  'Просмотры',
  'Репосты',
] as const;
