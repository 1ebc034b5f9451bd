import {
  conversationResults,
  conversations,
  conversationThemes,
  socialPanelGraphs,
  socialPanelGroups,
  socialPanelLoms,
  socialPanels,
} from '../../db/schema/index.ts';
import { DAY_MS } from '../../domain/moscow-calendar.ts';
import { day, json, timestamp } from '../copy.ts';
import { CHANNELS, SOCIAL_PANEL_GROUPS, SOCIAL_PANELS } from '../data/directories.ts';
import { CONVERSATION_SHOWS, fill, PROJECTS, QUOTES } from '../data/texts.ts';
import { percentShares } from '../random.ts';
import type { World } from './context.ts';
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
  const themes = world.themes.filter((t) => !t.ai);
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

const share = (keys: readonly (readonly [string, string])[], values: number[]) =>
  keys.map(([key, label], i) => ({ key, label, value: values[i] }));

/** Marker panels with their eight charts and the loms their audience follows. */
async function generateSocialPanels(world: World): Promise<void> {
  const { loader, random, now } = world;
  const groupRows = loader.buffer(socialPanelGroups, ['id', 'name']);
  for (const [i, name] of SOCIAL_PANEL_GROUPS.entries()) groupRows.add({ id: i + 1, name });
  const panelRows = loader.buffer(socialPanels, ['id', 'name', 'groupId', 'description', 'panelistsCount']);
  const graphRows = loader.buffer(socialPanelGraphs, ['panelId', 'graph', 'data']);
  const lomRows = loader.buffer(socialPanelLoms, ['panelId', 'lomId', 'isCandidate', 'share']);

  for (const [index, [name, group]] of SOCIAL_PANELS.entries()) {
    const id = index + 1;
    const panelists = random.int(300, 5000);
    panelRows.add({
      id,
      name,
      groupId: group + 1,
      description: `Панель «${name}»: ${panelists} участников`,
      panelistsCount: panelists,
    });
    const regions = random.sample(world.regions, 6);
    const geoShares = percentShares(random, [...regions.map((r) => r.weight), 10], 0.5);
    const followed = random.sample(world.loms, random.int(10, 25));
    const follow = followed.map(() => Math.round(random.float(2, 60) * 10) / 10).sort((a, b) => b - a);
    const graphs: Record<string, unknown> = {
      age: share(
        [
          ['under_18', 'до 18'],
          ['18_to_24', '18–24'],
          ['25_to_39', '25–39'],
          ['40_to_59', '40–59'],
          ['above_60', '60+'],
        ],
        percentShares(random, [8, 22, 35, 25, 10]),
      ),
      education: share(
        [
          ['middle', 'Среднее'],
          ['higher', 'Высшее'],
        ],
        percentShares(random, [45, 55]),
      ),
      family_status: share(
        [
          ['married', 'В браке'],
          ['single', 'Не в браке'],
        ],
        percentShares(random, [55, 45]),
      ),
      gender: share(
        [
          ['female', 'Женщины'],
          ['male', 'Мужчины'],
        ],
        percentShares(random, [52, 48], 0.3),
      ),
      geo: [
        ...regions.map((r, i) => ({ key: String(r.id), label: r.name, value: geoShares[i] })),
        { key: 'other', label: 'Другие регионы', value: geoShares[6] },
      ],
      subscribers: Array.from({ length: 12 }, (_, m) => ({
        date: day(new Date(now.getTime() - (11 - m) * 30 * DAY_MS)),
        value: Math.round(panelists * (0.7 + (0.3 * m) / 11)),
      })),
      top_groups: Array.from({ length: 10 }, (_, g) => ({
        id: 300_000 + id * 100 + g,
        name: `${random.pick(regions).cities[0].name}: ${random.pick(PROJECTS)}`,
        url: `https://vk.com/club${300_000 + id * 100 + g}`,
        value: Math.round(random.float(3, 45) * 10) / 10,
      })).sort((a, b) => b.value - a.value),
      top_loms: followed.slice(0, 10).map((l, i) => ({ id: l.id, name: l.name, value: follow[i] })),
    };
    for (const [graph, data] of Object.entries(graphs))
      graphRows.add({ panelId: id, graph, data: json(data) });
    for (const [i, lom] of followed.entries()) {
      lomRows.add({
        panelId: id,
        lomId: lom.id,
        isCandidate: i >= 10 && random.chance(0.5),
        share: follow[i],
      });
    }
  }
  await loader.flushAll();
}

export async function generateOther(world: World): Promise<void> {
  await generateConversations(world);
  await generateSocialPanels(world);
}
