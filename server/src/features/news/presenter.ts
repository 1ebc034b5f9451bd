import {
  fillNewsMoodTable,
  type ListNewsResponse,
  type NewsDetail,
  type NewsMessageRow,
  type NewsStatistic,
  type NewsStory,
} from '@monitoring/contracts';
import type { DetailRow, NewsMessageDbRow, StatisticRow, StoryRow } from './queries.ts';

export function presentStory(row: StoryRow): NewsStory {
  return { id: row.id, title: row.title, url: row.url, source_name: row.source_name, wrote_at: row.wrote_at };
}

export function presentStatistic(row: StatisticRow): NewsStatistic {
  return {
    news: { ...presentStory(row), text: row.text },
    news_id: row.id,
    total_si: Number(row.total_si),
    total_views: Number(row.total_views),
    message_count: row.message_count,
    mood_table: fillNewsMoodTable(row.mood_table),
  };
}

export function presentDetail(row: DetailRow): NewsDetail {
  return {
    ...presentStory(row),
    text: row.text,
    updated_at: row.updated_at,
    cached_at: row.cached_at,
    total_si: Number(row.total_si),
    total_views: Number(row.total_views),
    message_count: row.message_count,
    mood_table: fillNewsMoodTable(row.mood_table),
  };
}

export function presentPickStory(row: StoryRow): ListNewsResponse['results'][number] {
  return { id: row.id, name: row.title, wrote_at: row.wrote_at };
}

export function presentNewsMessage(row: NewsMessageDbRow): NewsMessageRow {
  return {
    id: row.id,
    news_id: row.news_id,
    news_title: row.news_title,
    lom_id: row.lom_id,
    lom_name: row.lom_name ?? '',
    wrote_at: row.wrote_at,
    mood: row.mood,
    si: Number(row.si),
    number_views: Number(row.number_views),
  };
}
