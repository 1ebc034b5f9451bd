import { lomAudiences, lomQualityAudiences, lomSubscriberHistory } from '../../db/schema/index.ts';
import { DAY_MS } from '../../domain/moscow-calendar.ts';
import { day } from '../copy.ts';
import { percentShares } from '../random.ts';
import type { LomInfo, World } from './context.ts';

/** Age buckets 0-17, 18-24, 25-34, 35-44, 45-54, 55+. */
const AGE_BASE = [5, 18, 28, 22, 15, 12];
const AGE_YOUNG = [10, 28, 30, 17, 9, 6];
const AGE_OLD = [2, 8, 18, 25, 24, 23];
const YOUNG_PLATFORMS = new Set(['TikTok', 'Instagram', 'Telegram']);
const OLD_PLATFORMS = new Set(['Одноклассники', 'Телевидение', 'Facebook']);

function ageBias(lom: LomInfo, platform: string | null): number[] {
  let bias =
    lom.age !== null && lom.age < 30 ? AGE_YOUNG : lom.age !== null && lom.age > 45 ? AGE_OLD : AGE_BASE;
  if (platform && YOUNG_PLATFORMS.has(platform)) bias = bias.map((b, i) => (i < 3 ? b * 1.5 : b));
  if (platform && OLD_PLATFORMS.has(platform)) bias = bias.map((b, i) => (i > 2 ? b * 1.8 : b));
  return bias;
}

/**
 * Audience of every lom as a whole and of each of its accounts, the quality of that
 * audience per platform, and weekly subscriber counts for the last year. Each group of
 * shares is drawn as parts of 100 so it adds up exactly.
 */
export async function generateAudience(world: World): Promise<void> {
  const { loader, random, now } = world;
  const audienceRows = loader.buffer(lomAudiences, [
    'id',
    'lomId',
    'lomSourceId',
    'femaleSum',
    'maleSum',
    'a0_17',
    'a18_24',
    'a25_34',
    'a35_44',
    'a45_54',
    'amore_55',
    'married',
    'single',
    'middle',
    'higher',
    'correlatedSum',
    'antiCorrelatedSum',
    'nonCorrelatedSum',
  ]);
  const qualityRows = loader.buffer(lomQualityAudiences, [
    'id',
    'lomId',
    'sourceId',
    'qualityPart',
    'massPart',
    'lomPart',
    'botPart',
  ]);
  const historyRows = loader.buffer(lomSubscriberHistory, ['lomId', 'day', 'subscribers']);
  let audienceId = 0;
  let qualityId = 0;

  for (const lom of world.loms) {
    const genderBias = lom.gender === 'female' ? [60, 40] : lom.gender === 'male' ? [42, 58] : [53, 47];
    const correlation = [50 + lom.attitude * 20, 15 - lom.attitude * 8, 35];
    const targets: { lomSourceId: number | null; platform: string | null }[] = [
      { lomSourceId: null, platform: null },
      ...lom.sources.map((s) => ({ lomSourceId: s.id, platform: s.source.name as string })),
    ];
    for (const { lomSourceId, platform } of targets) {
      const [femaleSum, maleSum] = percentShares(random, genderBias, 0.15);
      const [a0_17, a18_24, a25_34, a35_44, a45_54, amore_55] = percentShares(
        random,
        ageBias(lom, platform),
        0.3,
      );
      const [married, single] = percentShares(random, [55, 45], 0.2);
      const [middle, higher] = percentShares(random, [45, 55], 0.3);
      const [correlatedSum, antiCorrelatedSum, nonCorrelatedSum] = percentShares(random, correlation, 0.3);
      audienceRows.add({
        id: ++audienceId,
        lomId: lom.id,
        lomSourceId,
        femaleSum,
        maleSum,
        a0_17,
        a18_24,
        a25_34,
        a35_44,
        a45_54,
        amore_55,
        married,
        single,
        middle,
        higher,
        correlatedSum,
        antiCorrelatedSum,
        nonCorrelatedSum,
      });
    }
    for (const platform of new Set(lom.sources.map((s) => s.source))) {
      const [qualityPart, massPart, lomPart, botPart] = percentShares(random, [55, 25, 5, 15], 0.5);
      qualityRows.add({
        id: ++qualityId,
        lomId: lom.id,
        sourceId: platform.id,
        qualityPart,
        massPart,
        lomPart,
        botPart,
      });
    }

    // Weekly subscribers: growth over the year ending at today's total.
    const total = lom.sources.reduce((sum, s) => sum + s.coverage, 0);
    const growth = random.float(0.02, 0.6);
    for (let week = 0; week <= 52; week++) {
      const at = new Date(now.getTime() - (52 - week) * 7 * DAY_MS);
      const trend = (total / (1 + growth)) * (1 + (growth * week) / 52);
      const subscribers = week === 52 ? total : Math.round(trend * random.float(0.99, 1.01));
      historyRows.add({ lomId: lom.id, day: day(at), subscribers });
    }
    await loader.flushIfLarge(historyRows);
  }
  await loader.flushAll();
}
