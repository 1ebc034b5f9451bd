import {
  lomBrands,
  lomFactArticles,
  lomFacts,
  lomInvolvements,
  lomNews,
  lomSubscriptions,
  vkGroups,
} from '../../db/schema/index.ts';
import { DAY_MS } from '../../domain/moscow-calendar.ts';
import { day, json, textArray, timestamp } from '../copy.ts';
import { FACTS, fill, INVOLVEMENT_TYPES, LOM_NEWS_TITLES, PRESS, PROJECTS } from '../data/texts.ts';
import type { World } from './context.ts';
import { generateProducerLoms } from './producers.ts';

/** Facts with press articles, producer-center involvements, web news, VK groups, subscriptions, brands. */
export async function generateLomExtras(world: World): Promise<void> {
  const { loader, random, now } = world;
  const nowMs = now.getTime();
  const daysAgo = (max: number) => new Date(nowMs - random.int(0, max) * DAY_MS);
  const factRows = loader.buffer(lomFacts, ['id', 'lomId', 'lomFactId', 'factName', 'date']);
  const articleRows = loader.buffer(lomFactArticles, [
    'id',
    'factId',
    'articleId',
    'headline',
    'text',
    'wroteAt',
    'sourceName',
    'sourceLink',
  ]);
  const involvementRows = loader.buffer(lomInvolvements, [
    'id',
    'title',
    'lomId',
    'pcCustomer',
    'involvementType',
    'values',
    'grant',
    'grantGiver',
    'fee',
    'releaseDates',
    'approval',
    'createdAt',
  ]);
  const newsRows = loader.buffer(lomNews, ['id', 'lomId', 'title', 'text', 'url', 'updatedAt', 'cachedAt']);
  const vkRows = loader.buffer(vkGroups, ['id', 'lomId', 'name', 'url', 'members', 'groupIndex']);
  const subscriptionRows = loader.buffer(lomSubscriptions, [
    'id',
    'lomId',
    'lomSourceId',
    'name',
    'url',
    'subscribers',
    'subscribedLomId',
  ]);
  const brandRows = loader.buffer(lomBrands, ['lomId', 'brandLomId', 'mentions', 'siSum']);
  const brands = world.loms.filter((l) => l.kind === 'brand');
  const regularThemes = world.themes;
  const ids = { fact: 0, article: 0, involvement: 0, news: 0, vk: 0, subscription: 0 };

  for (const lom of world.loms) {
    if (lom.kind !== 'brand' && random.chance(0.1)) {
      for (let f = random.int(1, 3); f > 0; f--) {
        const factId = ++ids.fact;
        const type = random.weighted([
          [1, 2],
          [2, 3],
          [3, 5],
        ] as const);
        const name = random.pick(FACTS[type]);
        const date = daysAgo(700);
        factRows.add({ id: factId, lomId: lom.id, lomFactId: type, factName: name, date: day(date) });
        for (let a = random.int(1, 3); a > 0; a--) {
          const press = random.pick(PRESS);
          const articleId = ++ids.article;
          articleRows.add({
            id: articleId,
            factId,
            articleId: 500_000 + articleId,
            headline: `${lom.displayName}: ${name.toLowerCase()}`,
            text: `${press} сообщает: ${name.toLowerCase()}. Подробности — в материале издания.`,
            wroteAt: timestamp(new Date(date.getTime() + random.int(0, 3) * DAY_MS)),
            sourceName: press,
            sourceLink: `https://press.example.ru/article/${500_000 + articleId}`,
          });
        }
      }
    }

    if (lom.producerCenterId !== null) {
      for (let n = random.int(1, 5); n > 0; n--) {
        const type = random.pick(INVOLVEMENT_TYPES);
        const total = random.int(2, 40);
        const accepted = random.int(0, total);
        const paid = random.int(0, accepted);
        const grant = type === 'Грант' ? random.int(2, 50) * 50_000 : null;
        involvementRows.add({
          id: ++ids.involvement,
          title:
            type === 'Интеграция'
              ? `Интеграция в шоу «${random.pick(PROJECTS)}»`
              : `${type} «${random.pick(PROJECTS)}»`,
          lomId: lom.id,
          pcCustomer: lom.producerCenterId,
          involvementType: type,
          values: json({ total, accepted, declined: total - accepted, paid, grant: grant ? 1 : 0 }),
          grant,
          grantGiver: grant ? 'Фонд президентских грантов' : null,
          fee: random.int(1, 60) * 10_000,
          releaseDates: textArray([day(daysAgo(330)), day(daysAgo(330))].sort()),
          approval: random.pick(['approved', 'approved', 'pending', 'declined']),
          createdAt: timestamp(daysAgo(360)),
        });
      }
    }

    if (random.chance(0.3)) {
      for (let n = random.int(2, 5); n > 0; n--) {
        const theme = random.pick(regularThemes);
        const updated = daysAgo(200);
        newsRows.add({
          id: ++ids.news,
          lomId: lom.id,
          title: fill(random.pick(LOM_NEWS_TITLES), {
            lom: lom.displayName,
            theme: theme.name,
            city: lom.cityName,
          }),
          text: `${lom.displayName} — о теме «${theme.name}» и планах на ближайшие месяцы.`,
          url: `https://search.example.ru/result/${lom.id}-${ids.news}`,
          updatedAt: timestamp(updated),
          cachedAt: timestamp(updated),
        });
      }
    }

    if (lom.sources.some((s) => s.source.name === 'ВКонтакте')) {
      for (let n = random.int(1, 4); n > 0; n--) {
        const id = ++ids.vk;
        vkRows.add({
          id,
          lomId: lom.id,
          name: n === 1 ? lom.name : `${lom.cityName}: ${random.pick(PROJECTS)}`,
          url: `https://vk.com/club${200_000 + id}`,
          members: Math.round(random.heavy(4_000, 1.2)),
          groupIndex: Math.round(random.float(5, 100) * 10) / 10,
        });
      }
    }

    if (random.chance(0.2)) {
      for (const other of random.sample(world.loms, random.int(2, 6))) {
        if (other.id === lom.id) continue;
        const account = random.pick(other.sources);
        subscriptionRows.add({
          id: ++ids.subscription,
          lomId: lom.id,
          lomSourceId: random.pick(lom.sources).id,
          name: other.name,
          url: `https://${account.source.host}/${account.handle}`,
          subscribers: account.coverage,
          subscribedLomId: other.id,
        });
      }
    }

    if (lom.kind === 'person' && brands.length && random.chance(0.3)) {
      for (const brand of random.sample(brands, random.int(1, 5))) {
        const mentions = random.int(1, 30);
        brandRows.add({
          lomId: lom.id,
          brandLomId: brand.id,
          mentions,
          siSum: Math.round(mentions * random.float(5, 80)),
        });
      }
    }
    await loader.flushIfLarge(articleRows);
  }
  generateProducerLoms(world, involvementRows, ids.involvement);
  await loader.flushAll();
}
