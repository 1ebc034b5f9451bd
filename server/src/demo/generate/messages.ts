import { messages } from '../../db/schema/index.ts';
import { DAY_MS } from '../../domain/moscow-calendar.ts';
import { json, timestamp } from '../copy.ts';
import type { Random } from '../random.ts';
import type { LomInfo, LomSourceInfo, World } from './context.ts';
import { addChildren, type ChildIds, childBuffers, type MessageFacts } from './message-children.ts';
import { buildMessageText, sentimentOf } from './message-text.ts';
import {
  MESSAGE_TYPES,
  moodFor,
  nearestNews,
  pickLomSource,
  STATES,
  TopicPicker,
  WeightedTable,
} from './pickers.ts';
import { sortedMoments } from './time.ts';

/** Rows per COPY batch of messages (and the rows hanging off them). */
const BATCH = 5_000;

function messageUrl(ls: LomSourceInfo, id: number): string {
  switch (ls.source.name) {
    case 'Telegram':
      return `https://t.me/${ls.handle}/${id}`;
    case 'ВКонтакте':
      return `https://vk.com/wall-${100_000 + (ls.id % 900_000)}_${id}`;
    case 'YouTube':
      return `https://www.youtube.com/watch?v=${id.toString(36).padStart(11, 'x')}`;
    case 'Телевидение':
      return `https://tv.example.ru/${ls.handle}/${id}`;
    default:
      return `https://${ls.source.host}/${ls.handle}/${id}`;
  }
}

function contentTypeOf(random: Random, platform: string): number {
  if (platform === 'YouTube' || platform === 'rutube' || platform === 'Телевидение') return 3;
  if (platform === 'TikTok') return 2;
  return random.chance(0.1) ? 2 : 1;
}

/**
 * The mood model marks the demo messages at the end of the seed (demo/mood-model.ts), from their texts.
 * The random mood_ai drawn here before stays drawn, so every later row of the seed comes out as before.
 */
function oldMoodAiDraws(random: Random, mood: number | null): null {
  if (mood !== null && random.chance(0.85)) return null;
  if (random.chance(0.6)) random.int(1, 6);
  return null;
}

/**
 * Messages of the last twelve months in time order, each with its children. Written in
 * batches so memory stays flat; `onBatch` reports progress.
 */
export async function generateMessages(world: World): Promise<void> {
  const { loader, random, now } = world;
  const total = world.messageCount;
  const rows = loader.buffer(messages, [
    'id',
    'copyFromId',
    'lomId',
    'lomSourceId',
    'sourceId',
    'text',
    'extraSourceText',
    'extraOcrText',
    'lomName',
    'wroteAt',
    'url',
    'screenshots',
    'media',
    'duplicates',
    'sentiment',
    'newsId',
    'messageType',
    'state',
    'contentTypeId',
    'regionId',
    'cityId',
    'headingId',
    'channelId',
    'mood',
    'moodAi',
    'themeId',
    'infoReasonId',
    'speakerId',
    'speechTimestamp',
    'verified',
    'verifiedBySuperEditor',
    'verifiedAi',
    'delayed',
    'archived',
    'trash',
    'fromZephyr',
    'isManual',
    'si',
    'numberViews',
    'repostCount',
    'commentsCount',
    'viralPerCent',
    'fragmentPresence',
    'createdAt',
    'updatedAt',
  ]);
  const children = childBuffers(world);
  const counters: ChildIds = { fragment: 0, quote: 0, markup: 0, comment: 0 };
  const lomTable = new WeightedTable(world.loms, (l) => l.activity);
  const people = world.loms.filter((l) => l.kind === 'person');
  const topics = new TopicPicker(world);
  const moments = sortedMoments(random, total, now.getTime());
  const nowMs = now.getTime();

  const flush = () => loader.flush(rows, ...Object.values(children));

  for (let i = 0; i < total; i++) {
    const id = i + 1;
    const at = moments[i];
    const lom: LomInfo = lomTable.pick(random);
    const ls = pickLomSource(random, lom);
    const platform = ls.source.name;
    const tv = platform === 'Телевидение';
    const messageType = random.weighted(MESSAGE_TYPES);
    const classified = random.chance(0.87);
    const topic = classified ? topics.pick(random, at) : null;
    const reason = topic?.reason ?? null;
    const mood = classified
      ? random.chance(0.96)
        ? moodFor(random, reason?.target ?? null, lom.attitude)
        : null
      : random.chance(0.5)
        ? random.pick([3, 4])
        : null;
    const state = classified ? random.weighted(STATES) : random.weighted(STATES.slice(0, 2));
    const verified =
      state === 3 || (state === 2 && random.chance(0.25)) || (state === 4 && random.chance(0.5));
    const trash = random.chance(classified ? 0.025 : 0.15);
    const speaker = tv ? (lom.kind === 'person' ? lom : random.pick(people)) : null;
    const speechTimestamp = tv ? random.int(30, 3000) : null;
    const mention = random.pick(people);
    const content = buildMessageText(random, {
      themeName: topic?.theme.name ?? null,
      reasonName: reason?.name ?? null,
      city: lom.cityName,
      mention: mention.id === lom.id ? 'Наш гость' : mention.displayName,
      mood,
      month: new Date(at).getUTCMonth(),
      key: id,
    });
    const contentType = contentTypeOf(random, platform);
    const views = Math.round(ls.coverage * random.heavy(0.15, 0.9) * (contentType === 3 ? 1.5 : 1));
    const repost = messageType === 1 || messageType === 8;
    const createdAt = Math.min(nowMs, at + random.int(1, 90) * 60_000);
    const inOtherRegion = random.chance(0.1) ? random.pick(world.regions) : null;
    const facts: MessageFacts = {
      id,
      at,
      lomId: lom.id,
      quoteLomId: speaker?.id ?? (lom.kind === 'person' ? lom.id : null),
      rubricIds: lom.rubricIds,
      themeId: topic?.theme.id ?? null,
      infoReasonId: reason?.id ?? null,
      mood,
      speechTimestamp,
      classified,
      content,
    };
    const fragmentCount = addChildren(world, children, counters, topics, facts);

    rows.add({
      id,
      copyFromId: repost && id > 1 && random.chance(0.3) ? random.int(1, id - 1) : null,
      lomId: lom.id,
      lomSourceId: ls.id,
      sourceId: ls.source.id,
      text: content.text,
      extraSourceText: repost ? `Репост из ${random.pick(people).displayName}` : null,
      extraOcrText: random.chance(0.05) ? `Текст на изображении: ${topic?.theme.name ?? 'новости'}` : null,
      lomName: lom.name,
      wroteAt: timestamp(new Date(at)),
      url: messageUrl(ls, id),
      screenshots: random.chance(0.1) ? json([{ url: `https://screenshots.example.ru/${id}.jpg` }]) : '[]',
      media:
        contentType === 1
          ? random.chance(0.3)
            ? json([{ type: 'image', url: `https://media.example.ru/${id}.jpg` }])
            : '[]'
          : json([{ type: 'video', url: `https://media.example.ru/${id}.mp4` }]),
      duplicates:
        id > 1 && random.chance(0.02)
          ? json([{ id: random.int(1, id - 1), url: `https://${ls.source.host}/copy/${id}` }])
          : '[]',
      sentiment: random.chance(0.08) ? json(sentimentOf(content.text, content.opinion, mood, random)) : null,
      newsId: reason && random.chance(0.3) ? nearestNews(world.newsByReason.get(reason.id), at) : null,
      messageType,
      state,
      contentTypeId: contentType,
      regionId: inOtherRegion?.id ?? lom.regionId,
      cityId: inOtherRegion ? inOtherRegion.cities[0].id : lom.cityId,
      headingId: random.chance(0.7) ? random.pick(world.headingIds) : null,
      channelId: tv ? random.pick(world.channelIds) : null,
      mood,
      moodAi: oldMoodAiDraws(random, mood),
      themeId: facts.themeId,
      infoReasonId: facts.infoReasonId,
      speakerId: speaker?.id ?? null,
      speechTimestamp,
      verified,
      verifiedBySuperEditor: verified && random.chance(0.45),
      verifiedAi: state >= 2 && random.chance(0.7),
      delayed: random.chance(0.02),
      archived: random.chance(0.03),
      trash,
      fromZephyr: random.chance(0.05),
      isManual: random.chance(0.01),
      si: Math.round(Math.log10(ls.coverage + 10) * random.heavy(8, 0.8) * (repost ? 0.5 : 1) * 100) / 100,
      numberViews: views,
      repostCount: Math.round(views * random.heavy(0.004, 0.8)),
      commentsCount: Math.round(views * random.heavy(0.002, 0.9)),
      // Derived from the lom's usual reach once the rollups exist (finalize: messages_viral_rebuild); the draw
      // stays so every later row of the seed comes out as before.
      viralPerCent: random.heavy(40, 0.6) * 0,
      fragmentPresence: fragmentCount > 0,
      createdAt: timestamp(new Date(createdAt)),
      updatedAt: timestamp(new Date(Math.min(nowMs, createdAt + random.int(0, 3) * DAY_MS))),
    });

    if (rows.pending >= BATCH) {
      await flush();
      world.progress(`Сообщения: ${id}/${total}`);
    }
  }
  await flush();
  await loader.drain();
  world.progress(`Сообщения: ${total}/${total}`);
}
