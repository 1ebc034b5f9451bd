import { AI_PROPOSAL_SAMPLE_CHARS, AI_PROPOSAL_SAMPLES } from '@monitoring/contracts';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

// The SQL of the AI themes page (GET themes/ai-proposals/) and of confirming an AI markup.

const ISO_UTC = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

export interface ProposalRow {
  id: number;
  name: string;
  created_at: string;
  origin: string | null;
  terms: string[];
  messages: number;
  info_reasons: { id: number; name: string; messages: number }[];
  samples: { id: number; text: string; wrote_at: string }[];
  total: number;
}

/**
 * The AI themes waiting for approval (created by AI, not approved, not archived), newest first, a
 * page of them with the count; per theme its terms, the messages waiting in it (its AI markups),
 * its info reasons with their counts and its AI_PROPOSAL_SAMPLES most similar messages. The samples are
 * chosen among the markups first, then their messages read: reading every waiting message's text to keep
 * three cost 7 ms a theme at 1M (350 messages each), 44 ms a page.
 */
export function proposalPage(db: Db, limit: number, offset: number): Promise<ProposalRow[]> {
  return queryRows<ProposalRow>(
    db,
    sql`with page as (
          select t.id, t.name, t.created_at, count(*) over () as total
            from themes t
           where t.created_by_ai and not t.approved and not t.archived
           order by t.created_at desc, t.id desc
           limit ${limit} offset ${offset})
        select p.id, p.name, to_char(p.created_at at time zone 'UTC', ${ISO_UTC}) as created_at,
               ap.origin, coalesce(ap.terms, '[]'::jsonb) as terms,
               (select count(*)::int from message_markups mm where mm.theme_id = p.id and mm.ai) as messages,
               coalesce((
                 select json_agg(json_build_object('id', ir.id, 'name', ir.name, 'messages',
                          (select count(*)::int from message_markups mm
                            where mm.theme_id = p.id and mm.info_reason_id = ir.id and mm.ai))
                          order by ir.id)
                   from info_reasons ir where ir.theme_id = p.id), '[]'::json) as info_reasons,
               coalesce((
                 select json_agg(json_build_object('id', s.id, 'text', s.text, 'wrote_at', s.wrote_at)
                          order by s.score desc, s.id)
                   from (select m.id, left(regexp_replace(m.text, '<[^>]*>', ' ', 'g'), ${AI_PROPOSAL_SAMPLE_CHARS}) as text,
                                to_char(m.wrote_at at time zone 'UTC', ${ISO_UTC}) as wrote_at, top.score
                           from (select mm.message_id, mm.ai_score as score
                                   from message_markups mm
                                  where mm.theme_id = p.id and mm.ai
                                  order by mm.ai_score desc nulls last, mm.message_id
                                  limit ${AI_PROPOSAL_SAMPLES}) top
                           join messages m on m.id = top.message_id) s), '[]'::json) as samples,
               p.total
          from page p left join ai_theme_proposals ap on ap.theme_id = p.id
         order by p.created_at desc, p.id desc`,
  );
}

export interface AiMarkupRow {
  id: number;
  message_id: number;
  theme_id: number | null;
  info_reason_id: number | null;
  ai: boolean;
  theme_approved: boolean;
}

/** The markup, locked for the rest of the transaction. */
export async function lockMarkup(db: Db, id: number): Promise<AiMarkupRow | undefined> {
  const [row] = await queryRows<AiMarkupRow>(
    db,
    sql`select mm.id, mm.message_id, mm.theme_id, mm.info_reason_id, mm.ai, coalesce(t.approved, false) as theme_approved
          from message_markups mm left join themes t on t.id = mm.theme_id
         where mm.id = ${id} for update of mm`,
  );
  return row;
}

/**
 * The message takes the markup's theme and info reason if it has no theme yet (the statement
 * triggers move its rollup cells); answers whether it did.
 */
export async function takeAsPrimary(db: Db, markup: AiMarkupRow): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update messages set theme_id = ${markup.theme_id}, info_reason_id = ${markup.info_reason_id},
               updated_at = now()
         where id = ${markup.message_id} and theme_id is null returning id`,
  );
  return rows.length > 0;
}

export async function deleteMarkup(db: Db, id: number): Promise<void> {
  await db.execute(sql`delete from message_markups where id = ${id}`);
}

export async function confirmMarkup(db: Db, id: number): Promise<void> {
  await db.execute(sql`update message_markups set ai = false where id = ${id}`);
}
