import type { FragmentListItem, FragmentListQuery } from '@monitoring/contracts';
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  fragments,
  fragmentTags,
  infoReasons,
  loms,
  messageRubrics,
  messages,
  tags,
  themes,
} from '../../db/schema/index.ts';
import { envelope, offsetOf } from '../../http/pagination.ts';

// GET v3 fragments/: fragments of messages in a period, for dashboard tables.

function conditions(q: FragmentListQuery): SQL[] {
  const where: SQL[] = [];
  if (q.wrote_at_after) where.push(gte(messages.wroteAt, q.wrote_at_after));
  if (q.wrote_at_before) where.push(lt(messages.wroteAt, q.wrote_at_before));
  const lomIds = [...(q.lom ?? []), ...(q.lom_in ?? [])];
  if (lomIds.length) where.push(inArray(messages.lomId, lomIds));
  if (q.fragments_theme?.length) where.push(inArray(fragments.themeId, q.fragments_theme));
  if (q.verified !== undefined) where.push(eq(messages.verified, q.verified));
  if (q.rubric_in?.length) {
    where.push(
      sql`exists (select 1 from ${messageRubrics} where ${messageRubrics.messageId} = ${messages.id} and ${inArray(messageRubrics.rubricId, q.rubric_in)})`,
    );
  }
  return where;
}

const ORDER: Record<FragmentListQuery['ordering'], SQL[]> = {
  '-wrote_at': [desc(messages.wroteAt), desc(fragments.id)],
  wrote_at: [asc(messages.wroteAt), asc(fragments.id)],
  '-id': [desc(fragments.id)],
  id: [asc(fragments.id)],
  '-mood': [sql`${fragments.mood} desc nulls last`, desc(fragments.id)],
  mood: [sql`${fragments.mood} asc nulls last`, asc(fragments.id)],
};

export async function listFragments(db: Db, q: FragmentListQuery) {
  const where = and(...conditions(q));
  const rows = await db
    .select({
      fragment: fragments,
      wroteAt: messages.wroteAt,
      verified: messages.verified,
      lomId: loms.id,
      lomName: loms.name,
      themeName: themes.name,
      infoReasonName: infoReasons.name,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(fragments)
    .innerJoin(messages, eq(messages.id, fragments.messageId))
    .leftJoin(loms, eq(loms.id, messages.lomId))
    .leftJoin(themes, eq(themes.id, fragments.themeId))
    .leftJoin(infoReasons, eq(infoReasons.id, fragments.infoReasonId))
    .where(where)
    .orderBy(...ORDER[q.ordering])
    .limit(q.page_size)
    .offset(offsetOf(q.page, q.page_size));
  let total = 0;
  if (rows.length === 0 && q.page > 1) {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(fragments)
      .innerJoin(messages, eq(messages.id, fragments.messageId))
      .where(where);
    total = row?.n ?? 0;
  }
  const ids = rows.map((r) => r.fragment.id);
  const tagRows = ids.length
    ? await db
        .select({ fragmentId: fragmentTags.fragmentId, id: tags.id, name: tags.name })
        .from(fragmentTags)
        .innerJoin(tags, eq(tags.id, fragmentTags.tagId))
        .where(inArray(fragmentTags.fragmentId, ids))
        .orderBy(asc(tags.id))
    : [];
  const tagsOf = (id: number) =>
    tagRows.filter((t) => t.fragmentId === id).map(({ id: tagId, name }) => ({ id: tagId, name }));

  return envelope(
    rows,
    q.page,
    q.page_size,
    (r): FragmentListItem => {
      const f = r.fragment;
      const fragmentTagItems = tagsOf(f.id);
      return {
        id: f.id,
        message_id: f.messageId,
        text: f.text,
        start: f.start,
        end: f.end,
        speech_timestamp: f.speechTimestamp,
        mood: f.mood,
        mood_ai: f.moodAi,
        theme_id: f.themeId,
        info_reason_id: f.infoReasonId,
        tags: fragmentTagItems.map((t) => t.id),
        theme: f.themeId === null ? null : { id: f.themeId, name: r.themeName ?? '' },
        info_reason: f.infoReasonId === null ? null : { id: f.infoReasonId, name: r.infoReasonName ?? '' },
        tag_items: fragmentTagItems,
        wrote_at: r.wroteAt.toISOString(),
        lom: r.lomId === null ? null : { id: r.lomId, name: r.lomName ?? '' },
        message_verified: r.verified,
      };
    },
    total,
  );
}
