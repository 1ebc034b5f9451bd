import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { pgArray } from '../pg-array.ts';
import { lenientSearchCondition } from '../search/search-queries.ts';

// The SQL of the AI themes (docs/ai-themes.md): the messages to cluster, the proposals written
// as draft AI themes with AI markups, their adoption on approval, and the suggestions.

export interface TextRow {
  id: number;
  text: string;
}

/** The text a message is clustered by: its text without HTML tags, and the text of its source. */
const MESSAGE_TEXT = sql.raw(
  `regexp_replace(m.text || ' ' || coalesce(m.extra_source_text, ''), '<[^>]*>', ' ', 'g')`,
);

/**
 * A message waits in a proposal: it carries an AI markup of an AI theme nobody approved or
 * archived yet. Such a message is not proposed again.
 */
const IN_PENDING_PROPOSAL = sql.raw(`exists (
  select 1 from message_markups mm join themes t on t.id = mm.theme_id
   where mm.message_id = m.id and mm.ai and t.created_by_ai and not t.approved and not t.archived)`);

/** A message carries an AI markup: it waits in a proposal or has a suggestion of an approved theme. */
const HAS_AI_MARKUP = sql.raw(
  `exists (select 1 from message_markups mm where mm.message_id = m.id and mm.ai)`,
);

/**
 * The newest `limit` live messages (not trash, archived or delayed: those the lists show) of the last
 * `days` days without a theme, without an AI
 * markup (waiting in a proposal or suggested into a theme); in (wrote_at, id) order, oldest first.
 * Read along messages_wrote_at_idx backwards.
 */
export function unthemedRecentMessages(db: Db, days: number, limit: number): Promise<TextRow[]> {
  return queryRows<TextRow>(
    db,
    sql`select id, text from (
          select m.id, m.wrote_at, ${MESSAGE_TEXT} as text
            from messages m
           where m.wrote_at >= now() - make_interval(days => ${days})
             and m.theme_id is null and not (m.trash or m.archived or m.delayed) and not ${HAS_AI_MARKUP}
           order by m.wrote_at desc, m.id desc
           limit ${limit}) recent
        order by wrote_at, id`,
  );
}

/**
 * Of the newest `scan` live messages of the last `days` days (not waiting in a proposal),
 * those whose text matches a query in Russian full-text search (websearch syntax: words,
 * "phrases", -exclusions), the newest `limit` of them, oldest first. No GIN index: the window is
 * read along the time index and each of its texts is parsed once, so the cost is bounded by `scan`
 * whatever the table's size (docs/ai-themes.md "Cost of the search").
 */
export async function searchRecentMessages(
  db: Db,
  query: string,
  window: { days: number; limit: number },
): Promise<TextRow[]> {
  // The name read as the query language over the search index (docs/search.md), as every message search is.
  const found = lenientSearchCondition(query, {
    vector: sql.raw('m.search_vector'),
    sourceId: sql.raw('m.source_id'),
  });
  if (!found) return [];
  return queryRows<TextRow>(
    db,
    sql`select id, text from (
          select m.id, m.wrote_at, ${MESSAGE_TEXT} as text
            from messages m
           where m.wrote_at >= now() - make_interval(days => ${window.days})
             and not (m.trash or m.archived or m.delayed) and not ${IN_PENDING_PROPOSAL}
             and ${found}
           order by m.wrote_at desc, m.id desc
           limit ${window.limit}) found
        order by wrote_at, id`,
  );
}

export interface ProposalToWrite {
  name: string;
  terms: string[];
  origin: 'clustering' | 'search';
  createdBy: number | null;
  infoReasons: { name: string }[];
  /** The proposal's messages: info reason index (into infoReasons) or null, and the similarity. */
  messages: { id: number; reason: number | null; score: number }[];
}

/** Writes one proposal: a draft AI theme, its AI info reasons, its terms and an AI markup per message. */
export async function insertProposal(db: Db, p: ProposalToWrite): Promise<number> {
  const [theme] = await queryRows<{ id: number }>(
    db,
    sql`insert into themes (name, approved, draft, created_by_ai, created_by)
        values (${p.name}, false, true, true, ${p.createdBy}) returning id`,
  );
  const reasonIds: number[] = [];
  for (const reason of p.infoReasons) {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into info_reasons (name, theme_id, ai, created_by)
          values (${reason.name}, ${theme.id}, true, ${p.createdBy}) returning id`,
    );
    reasonIds.push(row.id);
  }
  await db.execute(
    sql`insert into ai_theme_proposals (theme_id, terms, message_count, origin)
        values (${theme.id}, ${JSON.stringify(p.terms)}::jsonb, ${p.messages.length}, ${p.origin})`,
  );
  const ids = p.messages.map((m) => m.id);
  const reasons = p.messages.map((m) => (m.reason === null ? null : reasonIds[m.reason]));
  const scores = p.messages.map((m) => Math.round(m.score * 1000) / 1000);
  await db.execute(
    sql`insert into message_markups (message_id, theme_id, info_reason_id, ai, ai_score)
        select u.message_id, ${theme.id}, u.info_reason_id, true, u.score
          from unnest(${pgArray(ids)}::int[], ${pgArray(reasons)}::int[], ${pgArray(scores)}::real[])
               as u(message_id, info_reason_id, score)`,
  );
  return theme.id;
}

/** Of these themes, the AI themes not yet approved (ascending). */
export async function pendingAiThemes(db: Db, themeIds: readonly number[]): Promise<number[]> {
  if (themeIds.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from themes where id = any(${pgArray(themeIds)}::int[]) and created_by_ai and not approved
        order by id`,
  );
  return rows.map((r) => r.id);
}

export interface AdoptCounts {
  /** Messages that took the theme (and the markup's info reason) as their primary classification. */
  moved: number;
  /** Messages that had another theme meanwhile: the AI markup stays as a confirmed markup. */
  kept_as_markups: number;
}

/**
 * The approval of AI themes: each message of their AI markups that still has no theme takes the
 * markup's theme and info reason (the statement triggers of messages move its rollup cells; no
 * lom or news metric depends on the theme) and the markup goes; the other AI markups of these
 * themes become ordinary (confirmed) markups. Messages are locked in id order.
 */
export async function adoptProposalMessages(db: Db, themeIds: readonly number[]): Promise<AdoptCounts> {
  if (themeIds.length === 0) return { moved: 0, kept_as_markups: 0 };
  const ids = sql`${pgArray(themeIds)}::int[]`;
  const [moved] = await queryRows<{ n: number }>(
    db,
    sql`with pick as (
          select distinct on (mm.message_id) mm.message_id, mm.theme_id, mm.info_reason_id
            from message_markups mm
           where mm.ai and mm.theme_id = any(${ids})
           order by mm.message_id, mm.ai_score desc nulls last, mm.id),
        locked as (
          select m.id from messages m join pick on pick.message_id = m.id
           where m.theme_id is null order by m.id for update of m),
        changed as (
          update messages m set theme_id = pick.theme_id, info_reason_id = pick.info_reason_id, updated_at = now()
            from pick, locked
           where pick.message_id = m.id and locked.id = m.id
          returning m.id, m.theme_id),
        dropped as (
          delete from message_markups mm using changed
           where mm.message_id = changed.id and mm.theme_id = changed.theme_id and mm.ai
          returning 1)
        select (select count(*) from changed)::int as n, (select count(*) from dropped)::int as d`,
  );
  const [kept] = await queryRows<{ n: number }>(
    db,
    sql`with confirmed as (
          update message_markups set ai = false where ai and theme_id = any(${ids}) returning 1)
        select count(*)::int as n from confirmed`,
  );
  return { moved: moved.n, kept_as_markups: kept.n };
}
