import type { Db } from '../db/client.ts';
import { lomGroupLomSources, lomGroupLoms, lomGroups } from '../db/schema/index.ts';

let sequence = 0;

export interface LomGroupOverrides {
  title?: string | null;
  public?: boolean;
  ownerId?: number | null;
  reportId?: number | null;
  mood?: number | null;
  isLomsource?: boolean;
  createdAt?: Date;
  loms?: number[];
  lomSources?: number[];
}

/** A lom group with its loms (and lom sources), straight into the tables. */
export async function buildLomGroup(db: Db, overrides: LomGroupOverrides = {}) {
  const { loms = [], lomSources = [], ...values } = overrides;
  const [group] = await db
    .insert(lomGroups)
    .values({
      title: values.title === undefined ? `Группа ${++sequence}` : values.title,
      public: values.public ?? false,
      ownerId: values.ownerId ?? null,
      reportId: values.reportId ?? null,
      mood: values.mood ?? null,
      isLomsource: values.isLomsource ?? lomSources.length > 0,
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning();
  if (loms.length) await db.insert(lomGroupLoms).values(loms.map((lomId) => ({ groupId: group.id, lomId })));
  if (lomSources.length) {
    await db
      .insert(lomGroupLomSources)
      .values(lomSources.map((lomSourceId) => ({ groupId: group.id, lomSourceId })));
  }
  return group;
}
