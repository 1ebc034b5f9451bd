import { boolean, index, integer, pgTable, primaryKey, real } from 'drizzle-orm/pg-core';
import {
  interests,
  listAndTypes,
  lomFocuses,
  lomTypes,
  producerCenters,
  thematicGroupTypes,
} from './directories.ts';
import { loms } from './loms.ts';
import { rubrics } from './themes.ts';

/**
 * Many-to-many links of a lom. Each has the pair as primary key (lom side first) and
 * an index on the other side, so "loms of rubric X" and "rubrics of lom Y" are both seeks.
 */

const lomId = () =>
  integer('lom_id')
    .notNull()
    .references(() => loms.id, { onDelete: 'cascade' });

export const lomLomTypes = pgTable(
  'lom_lom_types',
  {
    lomId: lomId(),
    lomTypeId: integer('lom_type_id')
      .notNull()
      .references(() => lomTypes.id, { onDelete: 'cascade' }),
    assignedByAi: boolean('assigned_by_ai').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.lomId, t.lomTypeId] }), index('lom_lom_types_type_idx').on(t.lomTypeId)],
);

export const lomLomFocuses = pgTable(
  'lom_lom_focuses',
  {
    lomId: lomId(),
    lomFocusId: integer('lom_focus_id')
      .notNull()
      .references(() => lomFocuses.id, { onDelete: 'cascade' }),
    /** Share of the lom's publications on this focus, percent (spelling kept from the API). */
    actialPercent: real('actial_percent').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.lomId, t.lomFocusId] }),
    index('lom_lom_focuses_focus_idx').on(t.lomFocusId),
  ],
);

export const lomProducerCenters = pgTable(
  'lom_producer_centers',
  {
    lomId: lomId(),
    producerCenterId: integer('producer_center_id')
      .notNull()
      .references(() => producerCenters.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.lomId, t.producerCenterId] }),
    index('lom_producer_centers_pc_idx').on(t.producerCenterId),
  ],
);

/** Thematic groups of a lom; group 12 makes the lom a foreign agent. */
export const lomThematicGroups = pgTable(
  'lom_thematic_groups',
  {
    lomId: lomId(),
    thematicGroupTypeId: integer('thematic_group_type_id')
      .notNull()
      .references(() => thematicGroupTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.lomId, t.thematicGroupTypeId] }),
    index('lom_thematic_groups_type_idx').on(t.thematicGroupTypeId),
  ],
);

export const lomInterests = pgTable(
  'lom_interests',
  {
    lomId: lomId(),
    interestId: integer('interest_id')
      .notNull()
      .references(() => interests.id, { onDelete: 'cascade' }),
    isAi: boolean('is_ai').notNull().default(false),
    /** Share of the audience with this interest, percent. */
    share: real('share').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.lomId, t.interestId] }),
    index('lom_interests_interest_idx').on(t.interestId),
  ],
);

/** Loms of a rubric (segment): the rubric dashboards aggregate over these loms. */
export const lomRubrics = pgTable(
  'lom_rubrics',
  {
    lomId: lomId(),
    rubricId: integer('rubric_id')
      .notNull()
      .references(() => rubrics.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.lomId, t.rubricId] }), index('lom_rubrics_rubric_idx').on(t.rubricId)],
);

export const lomListAndTypes = pgTable(
  'lom_list_and_types',
  {
    lomId: lomId(),
    listAndTypeId: integer('list_and_type_id')
      .notNull()
      .references(() => listAndTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.lomId, t.listAndTypeId] }),
    index('lom_list_and_types_type_idx').on(t.listAndTypeId),
  ],
);
