import { conversationResults, conversations, conversationThemes } from '../../db/schema/index.ts';
import { day, json, timestamp } from '../copy.ts';
import { CHANNELS } from '../data/directories.ts';
import { CONVERSATION_SHOWS, fill, QUOTES } from '../data/texts.ts';
import type { World } from './context.ts';
import { generateSocialPanels } from './social-panels.ts';
import { recentMoment } from './time.ts';

/** Broadcast conversations with what each lom said in them. */
async function generateConversations(world: World): Promise<void> {
  const { loader, random, now } = world;
  const rows = loader.buffer(conversations, [
    'id',
    'name',
    'wroteAt',
    'channelId',
    'si',
    'numberViews',
    'json',
  ]);
  const themeRows = loader.buffer(conversationThemes, ['conversationId', 'themeId']);
  const resultRows = loader.buffer(conversationResults, [
    'id',
    'conversationId',
    'position',
    'lomId',
    'text',
    'audio',
    'video',
    'messageId',
  ]);
  const people = world.loms.filter((l) => l.kind === 'person');
  const themes = world.themes;
  const count = Math.min(300, Math.max(30, Math.round(world.messageCount / 1000)));
  let resultId = 0;
  for (let id = 1; id <= count; id++) {
    const at = recentMoment(random, now.getTime());
    const channelId = random.pick(world.channelIds);
    const show = random.pick(CONVERSATION_SHOWS);
    const picked = random.sample(themes, random.int(1, 2));
    const si = Math.round(random.heavy(300, 0.8) * 100) / 100;
    const views = Math.round(random.heavy(60_000, 1));
    const url = `https://tv.example.ru/show/${id}`;
    rows.add({
      id,
      name: `${show}: ${picked[0].name}`,
      wroteAt: timestamp(new Date(at)),
      channelId,
      si,
      numberViews: views,
      json: json({
        title: `${show}. Выпуск от ${day(new Date(at)).split('-').reverse().join('.')}`,
        url,
        name: show,
        source: { name: CHANNELS[channelId - 1], icon: 'tv', link: url },
        stat: { si, views, subscribers: Math.round(views * random.float(1.5, 6)) },
      }),
    });
    for (const theme of picked) themeRows.add({ conversationId: id, themeId: theme.id });
    random.sample(people, random.int(2, 5)).forEach((lom, position) => {
      const reason = random.pick(picked[0].reasons);
      resultId++;
      resultRows.add({
        id: resultId,
        conversationId: id,
        position,
        lomId: lom.id,
        text: fill(random.pick(QUOTES), { reason: reason.name, theme: picked[0].name, city: lom.cityName }),
        audio: `https://media.example.ru/audio/${id}-${position}.mp3`,
        video: random.chance(0.6) ? `https://media.example.ru/video/${id}-${position}.mp4` : null,
        messageId: random.chance(0.3) ? random.int(1, world.messageCount) : null,
      });
    });
  }
  await loader.flushAll();
}

export async function generateOther(world: World): Promise<void> {
  await generateConversations(world);
  await generateSocialPanels(world);
}
