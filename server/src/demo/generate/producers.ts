import { lomProducerCenters } from '../../db/schema/index.ts';
import { DAY_MS } from '../../domain/moscow-calendar.ts';
import { day, json, textArray, timestamp } from '../copy.ts';
import { INVOLVEMENT_TYPES, PROJECTS } from '../data/texts.ts';
import { Random } from '../random.ts';
import type { World } from './context.ts';

/** Loms a center has at least in the demo; the spec's display overrides name ids 9 and 23, which get more. */
const MIN_LOMS = 2;
const MORE_LOMS: Readonly<Record<number, number>> = { 9: 14, 23: 10 };

/** A seed of its own, from what the world's seed drew: the main stream stays as it was, so other areas keep their data. */
function ownSeed(world: World): number {
  let hash = 2_166_136_261;
  for (const lom of world.loms.slice(0, 50)) {
    for (const char of lom.displayName) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  }
  return (hash ^ world.loms.length) >>> 0;
}

type InvolvementBuffer = { add(row: Record<string, unknown>): void };

/**
 * Producer centers with loms and involvements enough for their charts (docs/producers.md "Demo"): a center with
 * fewer than MIN_LOMS loms (ids 9 and 23: more) takes persons without a center, each with one to four projects
 * (films, songs, grants, integrations, events) released over the last eleven months. Drawn from a random stream of
 * its own after the other lom extras, so nothing else the generator writes changes.
 */
export function generateProducerLoms(
  world: World,
  involvements: InvolvementBuffer,
  lastInvolvementId: number,
): number {
  const { loader, now } = world;
  const random = new Random(ownSeed(world));
  const nowMs = now.getTime();
  const daysAgo = (max: number) => new Date(nowMs - random.int(0, max) * DAY_MS);
  const links = loader.buffer(lomProducerCenters, ['lomId', 'producerCenterId']);
  const free = world.loms.filter((lom) => lom.kind === 'person' && lom.producerCenterId === null);
  let id = lastInvolvementId;
  // The spec's ids first, so that a small demo's pool of free persons serves them before the others.
  const order = [...world.producerCenters].sort(
    (a, b) => Number(b.id in MORE_LOMS) - Number(a.id in MORE_LOMS) || a.id - b.id,
  );
  for (const center of order) {
    const linked = world.loms.filter((lom) => lom.producerCenterId === center.id).length;
    const wanted = (MORE_LOMS[center.id] ?? MIN_LOMS + random.int(0, 2)) - linked;
    for (let n = 0; n < wanted && free.length > 0; n++) {
      const lom = free.splice(random.int(0, free.length - 1), 1)[0];
      if (!lom) break;
      links.add({ lomId: lom.id, producerCenterId: center.id });
      for (let p = random.int(1, 4); p > 0; p--) {
        const type = random.pick(INVOLVEMENT_TYPES);
        const total = random.int(2, 40);
        const accepted = random.int(0, total);
        const paid = random.int(0, accepted);
        const grant = type === 'Грант' ? random.int(2, 50) * 50_000 : null;
        const project = random.pick(PROJECTS);
        const released = daysAgo(330);
        involvements.add({
          id: ++id,
          title: type === 'Интеграция' ? `Интеграция в шоу «${project}»` : `${type} «${project}»`,
          lomId: lom.id,
          pcCustomer: center.id,
          involvementType: type,
          values: json({ total, accepted, declined: total - accepted, paid, grant: grant ? 1 : 0 }),
          grant,
          grantGiver: grant ? 'Фонд президентских грантов' : null,
          fee: random.int(1, 60) * 10_000,
          releaseDates: textArray([
            day(released),
            day(new Date(released.getTime() + random.int(0, 20) * DAY_MS)),
          ]),
          approval: random.pick(['approved', 'approved', 'pending', 'declined']),
          createdAt: timestamp(new Date(released.getTime() - random.int(10, 60) * DAY_MS)),
        });
      }
    }
  }
  return id;
}
