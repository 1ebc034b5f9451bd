import type { ConversationDetail, ConversationListItem } from '@monitoring/contracts';
import type { ConversationRow, ResultRow } from './queries.ts';

export function presentListItem(row: ConversationRow): ConversationListItem {
  return {
    id: row.id,
    name: row.name,
    wrote_at: row.wrote_at,
    channel:
      row.channel_id === null
        ? null
        : { id: row.channel_id, name: row.channel_name ?? '', icon: row.channel_icon ?? '' },
    si: Number(row.si),
    number_views: Number(row.number_views),
  };
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const num = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/**
 * The stored json (title, url, name, source, stat) read leniently: a missing piece falls back to
 * the row's own columns, so an imported conversation with a partial json still answers.
 */
export function presentDetail(
  row: ConversationRow,
  results: ResultRow[],
  themes: { id: number; name: string }[],
): ConversationDetail {
  const item = presentListItem(row);
  const json = (row.json && typeof row.json === 'object' ? row.json : {}) as Record<string, unknown>;
  const source = (json.source && typeof json.source === 'object' ? json.source : {}) as Record<
    string,
    unknown
  >;
  const stat = (json.stat && typeof json.stat === 'object' ? json.stat : {}) as Record<string, unknown>;
  return {
    ...item,
    json: {
      title: text(json.title) ?? item.name,
      url: text(json.url),
      name: text(json.name) ?? item.name,
      source: {
        name: text(source.name) ?? item.channel?.name ?? '',
        icon: text(source.icon) ?? item.channel?.icon ?? '',
        link: text(source.link) ?? text(json.url),
      },
      stat: {
        si: num(stat.si, item.si),
        views: num(stat.views, item.number_views),
        subscribers: num(stat.subscribers, 0),
      },
      results: results.map((r) => ({
        id: r.id,
        lom: r.lom_id === null ? null : { id: r.lom_id, name: r.lom_name ?? '', avatar: r.lom_avatar },
        text: r.text,
        audio: r.audio,
        video: r.video,
        message_id: r.message_id,
      })),
    },
    themes,
  };
}
