import { news } from '../../db/schema/index.ts';
import { DAY_MS } from '../../domain/moscow-calendar.ts';
import { timestamp } from '../copy.ts';
import { fill, lowerFirst, NEWS_TITLES, PRESS } from '../data/texts.ts';
import type { World } from './context.ts';
import { sortedMoments } from './time.ts';

/**
 * News stories, each about one info reason during its active period. Messages about
 * the same info reason written within a few days link to the story (news_id);
 * news_statistics is computed from those messages at the end of the seed.
 */
export async function generateNews(world: World): Promise<void> {
  const { loader, random, now } = world;
  const rows = loader.buffer(news, [
    'id',
    'title',
    'text',
    'url',
    'sourceName',
    'wroteAt',
    'updatedAt',
    'cachedAt',
  ]);
  const count = Math.min(2500, Math.max(40, Math.round(world.messageCount / 400)));
  const moments = sortedMoments(random, count, now.getTime());
  const themes = world.themes;
  let id = 0;
  for (const at of moments) {
    const theme = random.pick(themes);
    const active = theme.reasons.filter((r) => r.from <= at && at <= r.to);
    const reason = active.length ? random.pick(active) : theme.reasons[0];
    const region = random.pick(world.regions);
    const values = {
      reason: reason.name,
      reasonLower: lowerFirst(reason.name),
      theme: theme.name,
      city: region.cities[0].name,
    };
    id++;
    const date = new Date(at);
    rows.add({
      id,
      title: fill(random.pick(NEWS_TITLES), values),
      text:
        `${fill('Тема «{theme}»: {reasonLower}.', values)} ` +
        `Событие обсуждают жители региона «${region.name}». ` +
        'Редакция собрала реакцию лидеров мнений и официальные комментарии.',
      url: `https://news.example.ru/${date.getUTCFullYear()}/${date.getUTCMonth() + 1}/${id}`,
      sourceName: random.pick(PRESS),
      wroteAt: timestamp(date),
      updatedAt: timestamp(new Date(Math.min(now.getTime(), at + random.int(1, 48) * 3_600_000))),
      cachedAt: timestamp(new Date(Math.min(now.getTime(), at + DAY_MS / 24))),
    });
    const list = world.newsByReason.get(reason.id) ?? [];
    list.push({ id, at });
    world.newsByReason.set(reason.id, list);
  }
  await loader.flushAll();
}
