import type { QuoteFilter } from '@monitoring/contracts';
import { and, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { infoReasons, lomSources, loms, messages, quotes, themes } from '../../db/schema/index.ts';
import { quoteFilterConditions } from '../../domain/filters/quote-filter-queries.ts';
import { offsetOf } from '../../http/pagination.ts';

// The SQL of the quote reads (api.md §7.10 quotes/, mood-table/, lom-stat/). Every
// read applies the one quote filter of the quotes report (quoteFilterConditions).

/** The filter as one condition over the `quotes` table (it must appear unaliased). */
function quoteWhere(filter: QuoteFilter): SQL {
  return and(...quoteFilterConditions(filter)) ?? sql`true`;
}

export interface QuoteGroupRow {
  lom_id: number | null;
  lom_name: string | null;
  lom_avatar: string | null;
  quotes_count: string | number;
  total: string | number;
  /** Null only for a lom without quotes, which the grouping never yields. */
  quote_id: number | null;
  text: string | null;
  wrote_at: string | null;
  mood: number | null;
  theme_id: number | null;
  theme_name: string | null;
  info_reason_id: number | null;
  info_reason_name: string | null;
  message_id: number | null;
  fragment_id: number | null;
  speech_timestamp: number | null;
  is_manual: boolean | null;
  url: string | null;
}

const ISO_UTC = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

/**
 * One page of loms with their quote counts (most quoted first, then the freshest),
 * each with its newest `perLom` quotes: one row per quote, groups in page order.
 * Quotes without a lom form one group of their own (lom null), placed by the same order.
 */
export async function quoteGroupPage(
  db: Db,
  filter: QuoteFilter,
  page: number,
  pageSize: number,
  perLom: number,
): Promise<QuoteGroupRow[]> {
  const where = quoteWhere(filter);
  const q = quotes;
  const columns = sql`${q.id} as quote_id, ${q.text} as text,
      to_char(${q.wroteAt} at time zone 'UTC', ${ISO_UTC}) as wrote_at, ${q.wroteAt} as sort_at,
      ${q.mood} as mood, ${q.themeId} as theme_id, ${q.infoReasonId} as info_reason_id,
      ${q.messageId} as message_id, ${q.fragmentId} as fragment_id,
      ${q.speechTimestamp} as speech_timestamp, ${q.isManual} as is_manual`;
  const newest = sql`order by ${q.wroteAt} desc, ${q.id} desc limit ${perLom}`;
  return queryRows<QuoteGroupRow>(
    db,
    sql`with g as (
          select ${q.lomId} as lom_id, count(*) as quotes_count, max(${q.wroteAt}) as last_at,
                 count(*) over () as total
            from ${q} where ${where}
           group by ${q.lomId}
           order by quotes_count desc, last_at desc, lom_id nulls last
           limit ${pageSize} offset ${offsetOf(page, pageSize)})
        select g.lom_id, l.name as lom_name, l.avatar as lom_avatar, g.quotes_count, g.total,
               s.quote_id, s.text, s.wrote_at, s.mood, s.theme_id, t.name as theme_name,
               s.info_reason_id, r.name as info_reason_name, s.message_id, s.fragment_id,
               s.speech_timestamp, s.is_manual,
               coalesce(m.url, ls.url) as url
          from g
          left join ${loms} l on l.id = g.lom_id
          left join lateral (
            (select ${columns} from ${q} where ${where} and ${q.lomId} = g.lom_id ${newest})
            union all
            (select ${columns} from ${q} where ${where} and g.lom_id is null and ${q.lomId} is null ${newest})
          ) s on true
          left join ${themes} t on t.id = s.theme_id
          left join ${infoReasons} r on r.id = s.info_reason_id
          left join ${messages} m on m.id = s.message_id
          left join ${lomSources} ls on ls.id = m.lom_source_id
         order by g.quotes_count desc, g.last_at desc, g.lom_id nulls last, s.sort_at desc, s.quote_id desc`,
  );
}

/** How many groups (loms, and the lom-less group) the filter yields. */
export async function countQuoteGroups(db: Db, filter: QuoteFilter): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(distinct coalesce(${quotes.lomId}, 0))::int as n from ${quotes} where ${quoteWhere(filter)}`,
  );
  return Number(row?.n ?? 0);
}

export interface QuoteMoodSumsRow {
  mood: number | null;
  n: string | number;
  lom_count: string | number;
  si: number | null;
  views: string | number | null;
  subscribers: string | number | null;
}

/**
 * The quotes' mood table: per quote mood (null: the row over every mood) the quotes,
 * their distinct loms and those loms' subscribers, and the Si and views of their
 * distinct messages, so a message quoted twice counts once. Quotes without a mood
 * are left out, as messages without one are from the messages' table.
 */
export async function quoteMoodSums(db: Db, filter: QuoteFilter): Promise<QuoteMoodSumsRow[]> {
  const q = quotes;
  return queryRows<QuoteMoodSumsRow>(
    db,
    sql`with f as (
          select ${q.mood} as mood, ${q.lomId} as lom_id, ${q.messageId} as message_id
            from ${q} where ${quoteWhere(filter)} and ${q.mood} is not null),
        counts as (
          select mood, count(*) as n, count(distinct lom_id) as lom_count from f group by grouping sets ((mood), ())),
        msg as (
          select d.mood, sum(m.si) as si, sum(m.number_views)::bigint as views
            from (select distinct mood, message_id from f where message_id is not null) d
            join ${messages} m on m.id = d.message_id
           group by d.mood
          union all
          select null, sum(m.si), sum(m.number_views)::bigint
            from ${messages} m where m.id in (select message_id from f)),
        subs as (
          select d.mood, sum(l.subscribers)::bigint as subscribers
            from (select distinct mood, lom_id from f where lom_id is not null) d
            join ${loms} l on l.id = d.lom_id
           group by d.mood
          union all
          select null, sum(l.subscribers)::bigint from ${loms} l where l.id in (select lom_id from f))
        select c.mood, c.n, c.lom_count, msg.si, msg.views, subs.subscribers
          from counts c
          left join msg on msg.mood is not distinct from c.mood
          left join subs on subs.mood is not distinct from c.mood`,
  );
}

/**
 * Per (lom, mood) sums of the filter's quotes in the shape `lomStatPage` reads:
 * lom_id, mood, n (quotes), si, views, reposts. A message's Si, views and reposts
 * count once per lom, in the mood most of its quotes of that lom carry, so a lom's
 * totals are those of its distinct quoted messages.
 */
export function quotePerLomMood(filter: QuoteFilter): SQL {
  const q = quotes;
  return sql`select r.lom_id, r.mood, sum(r.nq)::bigint as n,
        sum(m.si) filter (where r.rn = 1) as si,
        sum(m.number_views) filter (where r.rn = 1)::bigint as views,
        sum(m.repost_count) filter (where r.rn = 1)::bigint as reposts
      from (
        select lom_id, mood, message_id, nq,
               row_number() over (partition by lom_id, message_id order by nq desc, mood nulls last) as rn
          from (select ${q.lomId} as lom_id, ${q.mood} as mood, ${q.messageId} as message_id, count(*) as nq
                  from ${q} where ${quoteWhere(filter)} group by 1, 2, 3) c) r
      left join ${messages} m on m.id = r.message_id
     group by 1, 2`;
}
