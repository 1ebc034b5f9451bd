import { MESSAGE_STATUS_LABELS, type MessageStatus } from './constants.ts';
import { formatNumber } from './format.ts';
import { MOOD_LABELS, type Mood } from './moods.ts';
import type { NamedPermission } from './permissions.ts';
import { ROLE_LABELS, type RoleId } from './roles.ts';
import { NAMED_PERMISSION_LABELS } from './users.ts';

// The old and new values of the action log in Russian (docs/logs.md "What the log holds"): the field names the
// writers use become labels, moods and statuses their names, and the ids of themes, info reasons, rubrics, tags
// and loms the names the server looks up. The page, the list answer and the Excel file all show these.

/** Objects of the log whose names the server looks up by id. */
export const ACTION_NAME_KINDS = ['theme', 'info_reason', 'rubric', 'tag', 'lom', 'personal_theme'] as const;
export type ActionNameKind = (typeof ACTION_NAME_KINDS)[number];

type ActionFieldKind = ActionNameKind | 'mood' | 'status' | 'role' | 'permissions' | 'filters' | 'hidden';

interface ActionField {
  label: string;
  kind?: ActionFieldKind;
}

/** The fields that the log's writers put in old_value and new_value, declared once. */
export const ACTION_FIELDS: Readonly<Record<string, ActionField>> = {
  // Messages, fragments, quotes, markups.
  mood: { label: 'Тональность', kind: 'mood' },
  mood_ai: { label: 'Тональность ИИ', kind: 'mood' },
  target_tonality: { label: 'Целевая тональность', kind: 'mood' },
  state: { label: 'Статус', kind: 'status' },
  verified: { label: 'Проверено' },
  verified_ai: { label: 'Разметка ИИ проверена' },
  verified_by_super_editor: { label: 'Проверено старшим редактором' },
  delayed: { label: 'Отложено' },
  archived: { label: 'В архиве' },
  trash: { label: 'Мусор' },
  theme_id: { label: 'Тема', kind: 'theme' },
  theme: { label: 'Тема', kind: 'theme' },
  markup_theme: { label: 'Тема разметки', kind: 'theme' },
  markup_themes: { label: 'Темы разметки', kind: 'theme' },
  themes: { label: 'Темы', kind: 'theme' },
  info_reason_id: { label: 'Инфоповод', kind: 'info_reason' },
  info_reason: { label: 'Инфоповод', kind: 'info_reason' },
  rubrics: { label: 'Рубрики', kind: 'rubric' },
  tags: { label: 'Теги', kind: 'tag' },
  personal_tags: { label: 'Личные теги', kind: 'tag' },
  lom_id: { label: 'ЛОМ', kind: 'lom' },
  lom: { label: 'ЛОМ', kind: 'lom' },
  loms: { label: 'ЛОМ', kind: 'lom' },
  lom_ids: { label: 'ЛОМ', kind: 'lom' },
  probable_lom: { label: 'Вероятный ЛОМ', kind: 'lom' },
  personal_theme_id: { label: 'Личная тема', kind: 'personal_theme' },
  text: { label: 'Текст' },
  start: { label: 'Начало' },
  end: { label: 'Конец' },
  speech_timestamp: { label: 'Время в записи' },
  has_fragments: { label: 'Есть фрагменты' },
  // Directories, dashboards, users.
  name: { label: 'Название' },
  shortName: { label: 'Краткое название' },
  title: { label: 'Заголовок' },
  type: { label: 'Тип' },
  types: { label: 'Типы' },
  position: { label: 'Позиция' },
  filters: { label: 'Фильтр', kind: 'filters' },
  lom_groups: { label: 'Группы ЛОМ' },
  is_dashboard: { label: 'Дашборд' },
  is_private: { label: 'Приватный' },
  is_favorite: { label: 'Избранное' },
  is_favourite: { label: 'Избранное' },
  is_active: { label: 'Активен' },
  active: { label: 'Активна' },
  approved: { label: 'Подтверждена' },
  hidden: { label: 'Скрыта' },
  draft: { label: 'Черновик' },
  created_by_ai: { label: 'Создана ИИ' },
  external_id: { label: 'Внешний код' },
  service: { label: 'Служебная' },
  deleted: { label: 'Удалено' },
  cleared: { label: 'Очищено' },
  moved: { label: 'Перенесено' },
  merged: { label: 'Объединены' },
  source: { label: 'Источник' },
  target: { label: 'Куда' },
  via: { label: 'Откуда', kind: 'hidden' },
  tonality: { label: 'Список' },
  adopted: { label: 'Принято' },
  avatar: { label: 'Аватар' },
  ids: { label: 'Порядок', kind: 'hidden' },
  group_id: { label: 'Группа', kind: 'hidden' },
  loms_count: { label: 'ЛОМ в группе' },
  users_count: { label: 'Пользователей' },
  message_count: { label: 'Сообщений' },
  messages: { label: 'Сообщений' },
  fragments: { label: 'Фрагментов' },
  quotes: { label: 'Цитат' },
  markups: { label: 'Разметок' },
  kept_as_markups: { label: 'Оставлено разметкой' },
  username: { label: 'Логин' },
  email: { label: 'Почта' },
  first_name: { label: 'Имя' },
  last_name: { label: 'Фамилия' },
  role: { label: 'Роль', kind: 'role' },
  organization: { label: 'Организация' },
  groups: { label: 'Группы прав' },
  user_ui_permissions: { label: 'Права', kind: 'permissions' },
  ui_permissions: { label: 'Права', kind: 'permissions' },
  permissions: { label: 'Дополнительные права' },
  daily_dashboard_permissions: { label: 'Доступ к ежедневным дашбордам' },
  password_changed: { label: 'Пароль изменён' },
  // Imports and reports.
  created: { label: 'Создано' },
  updated: { label: 'Обновлено' },
  rejected: { label: 'Отклонено' },
  marked_by_ai: { label: 'Размечено ИИ' },
  linked_copies: { label: 'Связано копий' },
  themes_suggested: { label: 'Предложено тем' },
  charts: { label: 'Графики' },
  report_id: { label: 'Отчёт', kind: 'hidden' },
  dashboard_id: { label: 'Дашборд', kind: 'hidden' },
  lom_source: { label: 'Источник ЛОМ', kind: 'hidden' },
  lom_source_id: { label: 'Источник ЛОМ', kind: 'hidden' },
  lom_source_ids: { label: 'Источники ЛОМ', kind: 'hidden' },
  lom_sources: { label: 'Источники ЛОМ' },
  bound_existing: { label: 'Привязан существующий' },
  checked: { label: 'Проверено' },
  proposed: { label: 'Предложено' },
  region: { label: 'Регион', kind: 'hidden' },
  city: { label: 'Город', kind: 'hidden' },
  // Feeds of the collectors (issue 31).
  feed_kind: { label: 'Вид ленты' },
  url: { label: 'Адрес' },
  enabled: { label: 'Включена' },
  interval_minutes: { label: 'Интервал, мин' },
  fetched: { label: 'Найдено' },
  skipped: { label: 'Пропущено' },
  error: { label: 'Ошибка' },
  id: { label: '№', kind: 'hidden' },
};

/** Names of objects by id, as the server looks them up for a page of the log. */
export type ActionNames = Partial<Record<ActionNameKind, ReadonlyMap<number, string>>>;

/** One line of a change: «Проверено: нет → да». `field` is null for a bare value; `old` null for a creation. */
export interface ActionChange {
  field: string | null;
  old: string | null;
  new: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isNone = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** The ids of the objects the values name, by kind: what the server looks up before presenting them. */
export function actionNameRefs(values: readonly unknown[]): Record<ActionNameKind, number[]> {
  const refs = Object.fromEntries(ACTION_NAME_KINDS.map((kind) => [kind, new Set<number>()])) as Record<
    ActionNameKind,
    Set<number>
  >;
  const walk = (value: unknown, kind: ActionFieldKind | undefined) => {
    if (Array.isArray(value)) for (const item of value) walk(item, kind);
    else if (typeof value === 'number' && Number.isInteger(value)) {
      if (kind && kind in refs) refs[kind as ActionNameKind].add(value);
    } else if (isRecord(value)) {
      for (const [key, inner] of Object.entries(value)) walk(inner, ACTION_FIELDS[key]?.kind);
    }
  };
  for (const value of values) walk(value, undefined);
  return Object.fromEntries(ACTION_NAME_KINDS.map((kind) => [kind, [...refs[kind]]])) as Record<
    ActionNameKind,
    number[]
  >;
}

function labelOf(key: string): string {
  return Object.hasOwn(ACTION_FIELDS, key) ? ACTION_FIELDS[key].label : key;
}

function kindOf(key: string): ActionFieldKind | undefined {
  return Object.hasOwn(ACTION_FIELDS, key) ? ACTION_FIELDS[key].kind : undefined;
}

function scalarOf(value: unknown, kind: ActionFieldKind | undefined, names: ActionNames): string {
  if (typeof value === 'number') {
    if (kind === 'mood') return MOOD_LABELS[value as Mood] ?? formatNumber(value);
    if (kind === 'status') return MESSAGE_STATUS_LABELS[value as MessageStatus] ?? formatNumber(value);
    if (kind === 'role') return ROLE_LABELS[value as RoleId] ?? formatNumber(value);
    if (kind && ACTION_NAME_KINDS.includes(kind as ActionNameKind)) {
      return names[kind as ActionNameKind]?.get(value) ?? `№${value}`;
    }
    return formatNumber(value);
  }
  if (typeof value === 'string' && kind === 'permissions') {
    return NAMED_PERMISSION_LABELS[value as NamedPermission] ?? value;
  }
  return String(value);
}

/**
 * A value of the log in Russian: «да»/«нет», numbers the Russian way, moods and statuses by name, the objects of
 * `names` by name (else «№id»), lists joined, objects as «Поле: значение» (an object with a name as its name);
 * «—» for none. `key` is the field the value is of, when known.
 */
export function formatActionValue(value: unknown, names: ActionNames = {}, key?: string): string {
  if (isNone(value)) return '—';
  const kind = key === undefined ? undefined : kindOf(key);
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (typeof value === 'number' || typeof value === 'string') return scalarOf(value, kind, names);
  if (Array.isArray(value)) return value.map((item) => formatActionValue(item, names, key)).join(', ');
  if (isRecord(value)) {
    if (kind === 'filters') return `условий: ${formatNumber(Object.keys(value).length)}`;
    if (typeof value.name === 'string') return value.name;
    const parts = Object.entries(value)
      .filter(([inner]) => kindOf(inner) !== 'hidden')
      .map(([inner, v]) => `${labelOf(inner)}: ${formatActionValue(v, names, inner)}`);
    return parts.length === 0 ? '—' : parts.join('; ');
  }
  return String(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The change a log row records, line by line. Two objects give a line per field that differs («Тональность:
 * Другое → Негативное»); a creation (nothing before) a line per field with no old value; a deletion a line per
 * field with no new one. Fields that only say which object it was (ids, sources) are left out; the row's links
 * name the objects. Bare values (a flag, a name) give one line without a field.
 */
export function actionChanges(oldValue: unknown, newValue: unknown, names: ActionNames = {}): ActionChange[] {
  const oldNone = oldValue === null || oldValue === undefined;
  const newNone = newValue === null || newValue === undefined;
  if (oldNone && newNone) return [];
  const objects = (oldNone || isRecord(oldValue)) && (newNone || isRecord(newValue));
  if (!objects) {
    return [
      {
        field: null,
        old: oldNone ? null : formatActionValue(oldValue, names),
        new: formatActionValue(newValue, names),
      },
    ];
  }
  const before = (oldValue ?? null) as Record<string, unknown> | null;
  const after = (newValue ?? null) as Record<string, unknown> | null;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: ActionChange[] = [];
  for (const key of keys) {
    if (kindOf(key) === 'hidden') continue;
    const o = before?.[key];
    const n = after?.[key];
    if (before && after && same(o, n)) continue;
    changes.push({
      field: labelOf(key),
      old: before ? formatActionValue(o, names, key) : null,
      new: after ? formatActionValue(n, names, key) : null,
    });
  }
  return changes;
}

/** One change line as text: «Проверено: нет → да», «Создано: 1 200», «Название: Старое → —». */
export function actionChangeText(change: ActionChange): string {
  const head = change.field === null ? '' : `${change.field}: `;
  if (change.old === null) return `${head}${change.new ?? '—'}`;
  return `${head}${change.old} → ${change.new ?? '—'}`;
}
