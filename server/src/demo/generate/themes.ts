import { infoReasons, themes } from '../../db/schema/index.ts';
import { DAY_MS } from '../../domain/moscow-calendar.ts';
import { timestamp } from '../copy.ts';
import { THEMES, type ThemeSeed } from '../data/themes.ts';
import type { ThemeInfo, World } from './context.ts';

/**
 * Word lists of the generated themes (SeedOptions.themes, the bench's 500): an action and
 * an object give 16 × 32 = 512 distinct names; a district is appended past that.
 */
const GENERATED_ACTIONS = [
  'Ремонт',
  'Строительство',
  'Реконструкция',
  'Финансирование',
  'Модернизация',
  'Проверка',
  'Содержание',
  'Развитие',
  'Закрытие',
  'Открытие',
  'Благоустройство',
  'Охрана',
  'Цифровизация',
  'Доступность',
  'Обсуждение',
  'Безопасность',
];
const GENERATED_OBJECTS = [
  'школ',
  'больниц',
  'поликлиник',
  'дорог',
  'мостов',
  'парков',
  'скверов',
  'библиотек',
  'музеев',
  'театров',
  'стадионов',
  'бассейнов',
  'рынков',
  'вокзалов',
  'аэропортов',
  'детских садов',
  'дворов',
  'набережных',
  'остановок',
  'подземных переходов',
  'котельных',
  'очистных сооружений',
  'полигонов',
  'кладбищ',
  'домов культуры',
  'спортивных школ',
  'колледжей',
  'общежитий',
  'пожарных частей',
  'отделений почты',
  'сельских клубов',
  'фельдшерских пунктов',
];
const GENERATED_DISTRICTS = ['в Северном районе', 'в Южном районе', 'в пригороде', 'в области'];
const GENERATED_REASONS = [
  'жалобы жителей',
  'сроки работ',
  'бюджет проекта',
  'итоги проверки',
  'мнения экспертов',
  'обращение к губернатору',
];
const GENERATED_TARGETS = [1, 1, 3, 3, 2, null] as const;

/** The i-th generated theme (0-based): a name from the word lists, 1–3 info reasons, weight 1–4. */
function generatedTheme(world: World, index: number): ThemeSeed {
  const { random } = world;
  const action = GENERATED_ACTIONS[index % GENERATED_ACTIONS.length];
  const combos = GENERATED_ACTIONS.length * GENERATED_OBJECTS.length;
  const object = GENERATED_OBJECTS[Math.floor(index / GENERATED_ACTIONS.length) % GENERATED_OBJECTS.length];
  const round = Math.floor(index / combos);
  const district =
    round === 0
      ? ''
      : ` ${GENERATED_DISTRICTS[(round - 1) % GENERATED_DISTRICTS.length]}${round > GENERATED_DISTRICTS.length ? ` ${round}` : ''}`;
  const name = `${action} ${object}${district}`;
  const reasons = random.sample(GENERATED_REASONS, random.int(1, 3)).map((reason) => ({
    name: `${name}: ${reason}`,
    target: random.pick(GENERATED_TARGETS),
  }));
  return { name, weight: random.int(1, 4), reasons };
}

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

  const add = (seed: ThemeSeed) => {
    const id = world.themes.length + 1;
    const archived = random.chance(0.06);
    const createdAt = start - random.int(5, 60) * DAY_MS;
    themeRows.add({
      id,
      name: seed.name,
      externalId: `THM-${1000 + id}`,
      createdAt: timestamp(new Date(createdAt)),
      active: !archived,
      archived,
      approved: true,
      draft: false,
      createdByAi: false,
      clusterType: null,
      actual: !archived,
      createdBy: random.pick(editors),
    });
    const theme: ThemeInfo = { id, name: seed.name, weight: seed.weight, reasons: [] };
    seed.reasons.forEach((reason, index) => {
      reasonId++;
      // The first reason runs to today; the others cover a random part of the year.
      const to = index === 0 ? end : end - random.int(0, 300) * DAY_MS;
      const from = Math.max(start, to - random.int(30, 240) * DAY_MS);
      theme.reasons.push({ id: reasonId, name: reason.name, target: reason.target, from, to });
      reasonRows.add({
        id: reasonId,
        name: reason.name,
        themeId: id,
        createdAt: timestamp(new Date(from - DAY_MS)),
        active: !archived && random.chance(0.95),
        archived: archived || random.chance(0.03),
        targetTonality: reason.target,
        ai: false,
        createdBy: random.pick(editors),
      });
    });
    world.themes.push(theme);
  };

  for (const seed of THEMES) add(seed);
  // Generated themes up to SeedOptions.themes in total; none by default (the demo stays as it was).
  const extra = Math.max(0, (world.themeCount ?? 0) - world.themes.length);
  for (let index = 0; index < extra; index++) add(generatedTheme(world, index));
  // Info reasons an editor noted before deciding their theme (theme_isnull). Not AI's: the demo marks nothing as
  // AI that no model produced (the AI themes' reasons come from the clustering, docs/ai-themes.md).
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
      ai: false,
      createdBy: random.pick(editors),
    });
  }
  await loader.flushAll();
}
