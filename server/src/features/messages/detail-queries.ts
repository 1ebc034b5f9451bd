import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  channels,
  cities,
  fragments,
  fragmentTags,
  headings,
  infoReasons,
  loms,
  messageMarkups,
  messagePersonalTags,
  messages,
  personalTags,
  quotes,
  regions,
  tags,
  themes,
} from '../../db/schema/index.ts';
import { messageRowById } from '../../domain/lists/message-list-queries.ts';

const speakers = alias(loms, 'speakers');
const quoteLoms = alias(loms, 'quote_loms');

/** The detail's own columns beyond the list row. */
async function detailColumns(db: Db, id: number) {
  const [row] = await db
    .select({
      copyFromId: messages.copyFromId,
      extraSourceText: messages.extraSourceText,
      extraOcrText: messages.extraOcrText,
      screenshots: messages.screenshots,
      media: messages.media,
      duplicates: messages.duplicates,
      sentiment: messages.sentiment,
      newsId: messages.newsId,
      speakerId: messages.speakerId,
      speakerName: speakers.name,
      speakerAvatar: speakers.avatar,
      speechTimestamp: messages.speechTimestamp,
      regionId: messages.regionId,
      regionName: regions.name,
      cityId: messages.cityId,
      cityName: cities.name,
      headingId: messages.headingId,
      headingName: headings.name,
      channelId: messages.channelId,
      channelName: channels.name,
    })
    .from(messages)
    .leftJoin(speakers, eq(speakers.id, messages.speakerId))
    .leftJoin(regions, eq(regions.id, messages.regionId))
    .leftJoin(cities, eq(cities.id, messages.cityId))
    .leftJoin(headings, eq(headings.id, messages.headingId))
    .leftJoin(channels, eq(channels.id, messages.channelId))
    .where(eq(messages.id, id));
  return row;
}

async function messageFragments(db: Db, id: number) {
  return db
    .select({
      id: fragments.id,
      text: fragments.text,
      start: fragments.start,
      end: fragments.end,
      speechTimestamp: fragments.speechTimestamp,
      mood: fragments.mood,
      moodAi: fragments.moodAi,
      themeId: fragments.themeId,
      themeName: themes.name,
      infoReasonId: fragments.infoReasonId,
      infoReasonName: infoReasons.name,
    })
    .from(fragments)
    .leftJoin(themes, eq(themes.id, fragments.themeId))
    .leftJoin(infoReasons, eq(infoReasons.id, fragments.infoReasonId))
    .where(eq(fragments.messageId, id))
    .orderBy(asc(fragments.start), asc(fragments.id));
}

async function fragmentTagRows(db: Db, fragmentIds: number[]) {
  if (fragmentIds.length === 0) return [];
  return db
    .select({ fragmentId: fragmentTags.fragmentId, id: tags.id, name: tags.name })
    .from(fragmentTags)
    .innerJoin(tags, eq(tags.id, fragmentTags.tagId))
    .where(inArray(fragmentTags.fragmentId, fragmentIds))
    .orderBy(asc(tags.name), asc(tags.id));
}

async function messageQuotes(db: Db, id: number) {
  return db
    .select({
      id: quotes.id,
      text: quotes.text,
      speechTimestamp: quotes.speechTimestamp,
      mood: quotes.mood,
      themeId: quotes.themeId,
      themeName: themes.name,
      infoReasonId: quotes.infoReasonId,
      infoReasonName: infoReasons.name,
      fragmentId: quotes.fragmentId,
      lomId: quotes.lomId,
      lomName: quoteLoms.name,
      lomAvatar: quoteLoms.avatar,
      isManual: quotes.isManual,
      wroteAt: quotes.wroteAt,
    })
    .from(quotes)
    .leftJoin(themes, eq(themes.id, quotes.themeId))
    .leftJoin(infoReasons, eq(infoReasons.id, quotes.infoReasonId))
    .leftJoin(quoteLoms, eq(quoteLoms.id, quotes.lomId))
    .where(eq(quotes.messageId, id))
    .orderBy(asc(quotes.id));
}

async function messageMarkupRows(db: Db, id: number) {
  return db
    .select({
      id: messageMarkups.id,
      themeId: messageMarkups.themeId,
      themeName: themes.name,
      infoReasonId: messageMarkups.infoReasonId,
      infoReasonName: infoReasons.name,
      mood: messageMarkups.mood,
      ai: messageMarkups.ai,
      aiScore: messageMarkups.aiScore,
      themeApproved: themes.approved,
    })
    .from(messageMarkups)
    .leftJoin(themes, eq(themes.id, messageMarkups.themeId))
    .leftJoin(infoReasons, eq(infoReasons.id, messageMarkups.infoReasonId))
    .where(eq(messageMarkups.messageId, id))
    .orderBy(asc(messageMarkups.id));
}

/** Personal tags are per-user state: only the reader's own tags are shown. */
async function myPersonalTags(db: Db, id: number, userId: number) {
  return db
    .select({ id: personalTags.id, name: personalTags.name })
    .from(messagePersonalTags)
    .innerJoin(personalTags, eq(personalTags.id, messagePersonalTags.personalTagId))
    .where(and(eq(messagePersonalTags.messageId, id), eq(personalTags.userId, userId)))
    .orderBy(sql`lower(${personalTags.name})`, asc(personalTags.id));
}

/** Everything the message editor shows, or null for a missing id. */
export async function loadMessageDetail(db: Db, id: number, userId: number) {
  const base = await messageRowById(db, id);
  if (!base) return null;
  const [extra, fragmentRows, quoteRows, markups, personal] = await Promise.all([
    detailColumns(db, id),
    messageFragments(db, id),
    messageQuotes(db, id),
    messageMarkupRows(db, id),
    myPersonalTags(db, id, userId),
  ]);
  if (!extra) return null;
  const fragmentTagList = await fragmentTagRows(
    db,
    fragmentRows.map((f) => f.id),
  );
  return {
    base,
    extra,
    fragments: fragmentRows,
    fragmentTags: fragmentTagList,
    quotes: quoteRows,
    markups,
    personal,
  };
}

export type MessageDetailData = NonNullable<Awaited<ReturnType<typeof loadMessageDetail>>>;
export type QuoteRow = MessageDetailData['quotes'][number];
