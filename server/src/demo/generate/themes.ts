import { infoReasons, themes } from '../../db/schema/index.ts';
import { timestamp } from '../copy.ts';
import { AI_THEMES, THEMES, type ThemeSeed } from '../data/themes.ts';
import { DAY_MS, type ThemeInfo, type World } from './context.ts';

const ORPHAN_REASONS = [
  'Обсуждение в родительских чатах',
  'Вирусное видео с набережной',
  'Слухи о закрытии рынка',
];

/**
 * Themes with their info reasons. Each info reason is discussed during a period of the
 * year; the first one of a theme lasts until today, so every dashboard has fresh data.
 */
export async function generateThemes(world: World): Promise<void> {
  const { loader, random, now } = world;
  const themeRows = loader.buffer(themes, [
    'id',
    'name',
    'externalId',
    'createdAt',
    'active',
    'archived',
    'approved',
    'draft',
    'createdByAi',
    'clusterType',
    'actual',
    'createdBy',
  ]);
  const reasonRows = loader.buffer(infoReasons, [
    'id',
    'name',
    'themeId',
    'createdAt',
    'active',
    'archived',
    'targetTonality',
    'ai',
    'createdBy',
  ]);
  const end = now.getTime();
  const start = end - 365 * DAY_MS;
  const editors = world.users.filter((u) => u.role === 1 || u.role === 2).map((u) => u.id);
  let reasonId = 0;

  const add = (seed: ThemeSeed, ai: boolean) => {
    const id = world.themes.length + 1;
    const archived = !ai && random.chance(0.06);
    const createdAt = ai ? end - random.int(1, 20) * DAY_MS : start - random.int(5, 60) * DAY_MS;
    themeRows.add({
      id,
      name: seed.name,
      externalId: ai ? null : `THM-${1000 + id}`,
      createdAt: timestamp(new Date(createdAt)),
      active: !archived,
      archived,
      approved: !ai,
      draft: ai,
      createdByAi: ai,
      clusterType: ai ? random.int(1, 3) : null,
      actual: !archived,
      createdBy: ai ? null : random.pick(editors),
    });
    const theme: ThemeInfo = { id, name: seed.name, weight: seed.weight, ai, reasons: [] };
    seed.reasons.forEach((reason, index) => {
      reasonId++;
      // The first reason runs to today; the others cover a random part of the year.
      const to = index === 0 && !ai ? end : end - random.int(0, 300) * DAY_MS;
      const from = Math.max(start, to - random.int(30, ai ? 30 : 240) * DAY_MS);
      theme.reasons.push({ id: reasonId, name: reason.name, target: reason.target, from, to });
      reasonRows.add({
        id: reasonId,
        name: reason.name,
        themeId: id,
        createdAt: timestamp(new Date(from - DAY_MS)),
        active: !archived && random.chance(0.95),
        archived: archived || random.chance(0.03),
        targetTonality: reason.target,
        ai,
        createdBy: ai ? null : random.pick(editors),
      });
    });
    world.themes.push(theme);
  };

  for (const seed of THEMES) add(seed, false);
  for (const seed of AI_THEMES) add(seed, true);
  // Info reasons found by the model but not yet attached to a theme (theme_isnull).
  for (const name of ORPHAN_REASONS) {
    reasonId++;
    reasonRows.add({
      id: reasonId,
      name,
      themeId: null,
      createdAt: timestamp(new Date(end - random.int(1, 10) * DAY_MS)),
      active: true,
      archived: false,
      targetTonality: null,
      ai: true,
      createdBy: null,
    });
  }
  await loader.flushAll();
}
