import {
  lomInterests,
  lomListAndTypes,
  lomLomFocuses,
  lomLomTypes,
  lomProducerCenters,
  lomRubrics,
  lomThematicGroups,
} from '../../db/schema/index.ts';
import { THEMATIC_GROUPS } from '../data/directories.ts';
import type { LomInfo, World } from './context.ts';

const FOREIGN_AGENT_GROUP = 12;
const ORDINARY_GROUPS = THEMATIC_GROUPS.map((g) => g.id).filter((id) => id !== FOREIGN_AGENT_GROUP);

/** Rubric (segment) names a lom belongs to, from what it is. */
function rubricNames(lom: LomInfo, maxCoverage: number, chance: (p: number) => boolean): string[] {
  const names: string[] = [];
  const job = lom.occupation ?? '';
  if (maxCoverage > 1_000_000) names.push('Блогеры-миллионники');
  if (lom.kind === 'channel') names.push('Региональные СМИ');
  if (lom.kind === 'brand' || job === 'Предприниматель') names.push('Бизнес-сообщество');
  if (/Спортсмен|Тренер/.test(job)) names.push('Спортсмены');
  if (/Акт|Музыкант|Фотограф|Архитектор/.test(job)) names.push('Деятели культуры');
  if (/Депутат|Общественный/.test(job)) names.push('Депутаты и общественники');
  if (job === 'Эколог') names.push('Экоактивисты');
  if (lom.age !== null && lom.age < 27 && chance(0.6)) names.push('Молодёжные лидеры');
  if (lom.gender === 'female' && job === 'Блогер' && chance(0.4)) names.push('Мамы-блогеры');
  if (lom.kind === 'person' && chance(0.3)) names.push('Лидеры общественного мнения');
  return names;
}

export async function generateLomLinks(world: World): Promise<void> {
  const { loader, random } = world;
  const typeRows = loader.buffer(lomLomTypes, ['lomId', 'lomTypeId', 'assignedByAi']);
  const focusRows = loader.buffer(lomLomFocuses, ['lomId', 'lomFocusId', 'actialPercent']);
  const pcRows = loader.buffer(lomProducerCenters, ['lomId', 'producerCenterId']);
  const groupRows = loader.buffer(lomThematicGroups, ['lomId', 'thematicGroupTypeId']);
  const interestRows = loader.buffer(lomInterests, ['lomId', 'interestId', 'isAi', 'share']);
  const rubricRows = loader.buffer(lomRubrics, ['lomId', 'rubricId']);
  const listAndRows = loader.buffer(lomListAndTypes, ['lomId', 'listAndTypeId']);
  const rubricIdByName = new Map(world.rubrics.map((r) => [r.name, r.id]));
  const { category, segment, interest, plain } = world.lomTypeIds;

  for (const lom of world.loms) {
    // Types: the category, the segment, and for people a role and maybe an interest type.
    const typeIds = [
      category[lom.kind === 'person' ? 0 : lom.kind === 'brand' ? 1 : 2],
      segment[lom.federal ? 0 : random.chance(0.8) ? 1 : 2],
    ];
    if (lom.kind === 'person') typeIds.push(random.pick(plain));
    if (random.chance(0.3)) typeIds.push(random.pick(interest));
    for (const lomTypeId of new Set(typeIds)) {
      // The machine's types come from the messages (demo/seed.ts, domain/lom-types-ai), not from a draw here.
      typeRows.add({ lomId: lom.id, lomTypeId, assignedByAi: false });
    }

    const focuses = random.sample(world.lomFocusIds, random.int(1, 3));
    const percents = random.parts(
      focuses.map(() => 1),
      random.int(60, 100),
    );
    for (const [i, lomFocusId] of focuses.entries()) {
      focusRows.add({ lomId: lom.id, lomFocusId, actialPercent: percents[i] });
    }

    if (lom.producerCenterId) pcRows.add({ lomId: lom.id, producerCenterId: lom.producerCenterId });

    const groups = random.sample(ORDINARY_GROUPS, random.int(1, 2));
    if (lom.kind !== 'brand' && random.chance(0.015)) groups.push(FOREIGN_AGENT_GROUP);
    for (const thematicGroupTypeId of groups) groupRows.add({ lomId: lom.id, thematicGroupTypeId });

    const interestIds = random.sample(world.interestIds, random.int(2, 5));
    const shares = random.parts(
      interestIds.map(() => 1),
      100,
    );
    for (const [i, interestId] of interestIds.entries()) {
      // isAi stays false: no model assigns interests (docs/loms.md), and the demo marks nothing as AI that none did.
      interestRows.add({ lomId: lom.id, interestId, isAi: false, share: shares[i] });
    }

    const maxCoverage = Math.max(0, ...lom.sources.map((s) => s.coverage));
    for (const name of rubricNames(lom, maxCoverage, (p) => random.chance(p))) {
      const rubricId = rubricIdByName.get(name);
      if (rubricId === undefined) continue;
      lom.rubricIds.push(rubricId);
      rubricRows.add({ lomId: lom.id, rubricId });
    }

    if (random.chance(0.1))
      listAndRows.add({ lomId: lom.id, listAndTypeId: random.pick(world.listAndTypeIds) });
    await loader.flushIfLarge(typeRows);
  }
  await loader.flushAll();
}
