import {
  type LomArticleDetail,
  type LomArticleItem,
  type LomCommentItem,
  type LomFactGroup,
  type LomFactsResponse,
  type LomPostsDay,
  type LomSpeechItem,
  type PickItem,
  type QuoteListItem,
  stripMessageHtml,
} from '@monitoring/contracts';
import { namedRef, presentListRow } from '../../domain/lists/message-list-presenter.ts';
import type { MessageListRow } from '../../domain/lists/message-list-queries.ts';
import { addDays } from '../../domain/moscow-calendar.ts';
import type { ArticleRow, FactRow, LomArticleRow, NewsRow } from './facts-queries.ts';
import type { LomCommentRow, LomQuoteRow, PostsDayRow } from './queries.ts';

export function presentQuote(row: LomQuoteRow): QuoteListItem {
  return {
    id: row.id,
    // §5: the browser gets text without emoji and without HTML but <mark> and <br>.
    text: stripMessageHtml(row.text),
    wrote_at: row.wroteAt.toISOString(),
    mood: row.mood,
    theme: namedRef(row.themeId, row.themeName),
    info_reason: namedRef(row.infoReasonId, row.infoReasonName),
    message_id: row.messageId,
    fragment_id: row.fragmentId,
    speech_timestamp: row.speechTimestamp,
    is_manual: row.isManual,
    url: row.url,
  };
}

export function presentComment(row: LomCommentRow): LomCommentItem {
  return {
    id: row.id,
    message_id: row.messageId,
    author_name: row.authorName,
    text: row.text,
    wrote_at: row.wroteAt.toISOString(),
    likes: row.likes,
    mood: row.mood,
    message: {
      id: row.messageId,
      wrote_at: row.messageWroteAt.toISOString(),
      url: row.messageUrl,
      text: stripMessageHtml(row.messageText),
    },
  };
}

export function presentNews(row: NewsRow) {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    url: row.url,
    updated_at: row.updatedAt.toISOString(),
    cached_at: row.cachedAt?.toISOString() ?? null,
  };
}

/** Every day from `fromDay` to `toDay`, zero on days without a row. */
export function presentPostsDays(rows: PostsDayRow[], fromDay: string, toDay: string): LomPostsDay[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const days: LomPostsDay[] = [];
  for (let day = fromDay; day <= toDay; day = addDays(day, 1)) {
    const row = byDay.get(day);
    days.push({
      date: day,
      messages_count: row?.n ?? 0,
      total_si: row?.si ?? 0,
      total_views: row?.views ?? 0,
    });
  }
  return days;
}

export function presentSpeech(row: MessageListRow, speechTimestamp: number | null): LomSpeechItem {
  return { ...presentListRow(row), speech_timestamp: speechTimestamp };
}

/** Rows (ordered by type, date, fact) folded into type → fact name → dates → articles. */
export function presentFacts(types: PickItem[], rows: FactRow[]): LomFactsResponse {
  const groups = new Map<number, LomFactGroup>(
    types.map((t) => [t.id, { lom_fact_id: t.id, name: t.name, facts_count: 0, facts: [] }]),
  );
  const dates = new Map<number, LomFactGroup['facts'][number]['dates'][number]>();
  for (const row of rows) {
    const group = groups.get(row.lomFactId);
    if (!group) continue;
    let entry = dates.get(row.id);
    if (!entry) {
      entry = { id: row.id, date: row.date, articles: [] };
      dates.set(row.id, entry);
      group.facts_count += 1;
      let fact = group.facts.find((f) => f.fact_name === row.factName);
      if (!fact) {
        fact = { fact_name: row.factName, dates: [] };
        group.facts.push(fact);
      }
      fact.dates.push(entry);
    }
    if (row.articleId !== null && row.wroteAt !== null) {
      entry.articles.push({
        article_id: row.articleId,
        headline: row.headline ?? '',
        wrote_at: row.wroteAt.toISOString(),
        source_name: row.sourceName ?? '',
        source_link: row.sourceLink ?? '',
      });
    }
  }
  return [...groups.values()];
}

export function presentArticle(row: LomArticleRow): LomArticleItem {
  return {
    article_id: row.articleId,
    headline: row.headline,
    wrote_at: row.wroteAt.toISOString(),
    source_name: row.sourceName,
    source_link: row.sourceLink,
    fact: { id: row.factId, lom_fact_id: row.lomFactId, fact_name: row.factName, date: row.date },
  };
}

/** The article from its first stored copy, with the fact of every copy. */
export function presentArticleDetail(first: ArticleRow, rows: ArticleRow[]): LomArticleDetail {
  return {
    article_id: first.articleId,
    headline: first.headline,
    text: first.text,
    wrote_at: first.wroteAt.toISOString(),
    source_name: first.sourceName,
    source_link: first.sourceLink,
    facts: rows.map((row) => ({
      id: row.factId,
      lom_fact_id: row.lomFactId,
      fact_name: row.factName,
      date: row.date,
      lom: { id: row.lomId, name: row.lomName },
    })),
  };
}
