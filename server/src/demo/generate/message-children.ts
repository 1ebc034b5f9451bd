import {
  fragments,
  fragmentTags,
  messageComments,
  messageMarkups,
  messagePersonalTags,
  messageRubrics,
  messageTags,
  quotes,
} from '../../db/schema/index.ts';
import { timestamp } from '../copy.ts';
import { FEMALE_NAMES, MALE_NAMES, SURNAMES } from '../data/people.ts';
import { COMMENTS } from '../data/texts.ts';
import type { World } from './context.ts';
import type { MessageText } from './message-text.ts';
import type { TopicPicker } from './pickers.ts';

/** Buffers of the tables hanging off messages, in foreign-key order. */
export function childBuffers(world: World) {
  const { loader } = world;
  return {
    fragments: loader.buffer(fragments, [
      'id',
      'messageId',
      'text',
      'start',
      'end',
      'speechTimestamp',
      'mood',
      'moodAi',
      'themeId',
      'infoReasonId',
      'createdAt',
    ]),
    fragmentTags: loader.buffer(fragmentTags, ['fragmentId', 'tagId']),
    quotes: loader.buffer(quotes, [
      'id',
      'messageId',
      'fragmentId',
      'lomId',
      'text',
      'speechTimestamp',
      'mood',
      'themeId',
      'infoReasonId',
      'wroteAt',
      'isManual',
      'createdAt',
    ]),
    markups: loader.buffer(messageMarkups, [
      'id',
      'messageId',
      'themeId',
      'infoReasonId',
      'mood',
      'createdBy',
      'createdAt',
    ]),
    comments: loader.buffer(messageComments, [
      'id',
      'messageId',
      'authorName',
      'text',
      'wroteAt',
      'likes',
      'mood',
    ]),
    rubrics: loader.buffer(messageRubrics, ['messageId', 'rubricId']),
    tags: loader.buffer(messageTags, ['messageId', 'tagId']),
    personalTags: loader.buffer(messagePersonalTags, ['messageId', 'personalTagId']),
  };
}
export type ChildBuffers = ReturnType<typeof childBuffers>;

export interface MessageFacts {
  id: number;
  at: number;
  lomId: number;
  /** The lom a quote is attributed to: the speaker of a broadcast, else the author if a person. */
  quoteLomId: number | null;
  rubricIds: number[];
  themeId: number | null;
  infoReasonId: number | null;
  mood: number | null;
  speechTimestamp: number | null;
  classified: boolean;
  content: MessageText;
}

/** Last ids handed out per child table of one seed run. */
export interface ChildIds {
  fragment: number;
  quote: number;
  markup: number;
  comment: number;
}

/** Fragments, quotes, extra markups, comments and link rows of one message; returns the fragment count. */
export function addChildren(
  world: World,
  out: ChildBuffers,
  counters: ChildIds,
  topics: TopicPicker,
  m: MessageFacts,
): number {
  const { random, now } = world;
  const stamp = timestamp(new Date(Math.min(now.getTime(), m.at + random.int(1, 240) * 60_000)));
  let fragmentCount = 0;
  let firstFragment: { id: number; text: string } | null = null;

  if (m.classified && random.chance(0.3)) {
    const spans = random.sample(m.content.spans, random.int(1, 3)).sort((a, b) => a.start - b.start);
    for (const span of spans) {
      const id = ++counters.fragment;
      const other = random.chance(0.2) ? topics.pick(random, m.at) : null;
      const mood = random.chance(0.8) ? m.mood : random.int(1, 6);
      const text = m.content.text.slice(span.start, span.end);
      out.fragments.add({
        id,
        messageId: m.id,
        text,
        start: span.start,
        end: span.end,
        speechTimestamp: m.speechTimestamp === null ? null : m.speechTimestamp + span.start,
        mood,
        // The AI's mood of a fragment is the trained model's, set by the seed's last step (demo/mood-model.ts).
        moodAi: null,
        themeId: other ? other.theme.id : m.themeId,
        infoReasonId: other ? (other.reason?.id ?? null) : m.infoReasonId,
        createdAt: stamp,
      });
      if (random.chance(0.1)) out.fragmentTags.add({ fragmentId: id, tagId: random.pick(world.tagIds) });
      firstFragment ??= { id, text };
      fragmentCount++;
    }
  }

  if (m.quoteLomId !== null && m.classified && random.chance(0.08)) {
    const { start, end } = m.content.opinion;
    out.quotes.add({
      id: ++counters.quote,
      messageId: m.id,
      fragmentId: firstFragment?.id ?? null,
      lomId: m.quoteLomId,
      text: firstFragment?.text ?? m.content.text.slice(start, end),
      speechTimestamp: m.speechTimestamp,
      mood: m.mood,
      themeId: m.themeId,
      infoReasonId: m.infoReasonId,
      wroteAt: timestamp(new Date(m.at)),
      isManual: random.chance(0.05),
      createdAt: stamp,
    });
  }

  if (m.classified && random.chance(0.1)) {
    const other = topics.pick(random, m.at);
    out.markups.add({
      id: ++counters.markup,
      messageId: m.id,
      themeId: other.theme.id,
      infoReasonId: other.reason?.id ?? null,
      mood: random.int(1, 6),
      createdBy: random.pick(world.users).id,
      createdAt: stamp,
    });
  }

  if (random.chance(0.03)) {
    const polarity =
      m.mood === 1 || m.mood === 6 ? 'positive' : m.mood === 2 || m.mood === 5 ? 'negative' : 'neutral';
    for (let i = random.int(1, 4); i > 0; i--) {
      const female = random.chance(0.5);
      const author = `${random.pick(female ? FEMALE_NAMES : MALE_NAMES)} ${random.pick(SURNAMES)[0]}.`;
      const own = random.chance(0.7) ? polarity : random.pick(['positive', 'negative', 'neutral'] as const);
      out.comments.add({
        id: ++counters.comment,
        messageId: m.id,
        authorName: author,
        text: random.pick(COMMENTS[own]),
        wroteAt: timestamp(new Date(Math.min(now.getTime(), m.at + random.int(1, 2880) * 60_000))),
        likes: Math.round(random.heavy(3, 1.2)),
        mood: own === 'positive' ? 1 : own === 'negative' ? 2 : 3,
      });
    }
  }

  if (m.rubricIds.length && random.chance(0.7)) {
    for (const rubricId of m.rubricIds) out.rubrics.add({ messageId: m.id, rubricId });
  }
  if (random.chance(0.12)) {
    for (const tagId of random.sample(world.tagIds, random.int(1, 2)))
      out.tags.add({ messageId: m.id, tagId });
  }
  if (random.chance(0.01) && world.personalTagIds.length) {
    const owner = random.pick(world.personalTagIds);
    out.personalTags.add({ messageId: m.id, personalTagId: random.pick(owner.ids) });
  }
  return fragmentCount;
}
