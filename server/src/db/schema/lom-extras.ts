import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt, tstz } from './columns.ts';
import { lomFactTypes, producerCenters } from './directories.ts';
import { lomSources, loms } from './loms.ts';

const lomId = () =>
  integer('lom_id')
    .notNull()
    .references(() => loms.id, { onDelete: 'cascade' });

/** Protests, scandals and other facts about a lom, each backed by press articles. */
export const lomFacts = pgTable(
  'lom_facts',
  {
    id: serial('id').primaryKey(),
    lomId: lomId(),
    /** lom_fact_types.id: 1 protests, 2 scandals, 3 facts (name kept from the API). */
    lomFactId: smallint('lom_fact_id')
      .notNull()
      .references(() => lomFactTypes.id),
    factName: text('fact_name').notNull(),
    date: date('date').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lom_facts_lom_date_idx').on(t.lomId, t.date), index('lom_facts_type_idx').on(t.lomFactId)],
);

export const lomFactArticles = pgTable(
  'lom_fact_articles',
  {
    id: serial('id').primaryKey(),
    factId: integer('fact_id')
      .notNull()
      .references(() => lomFacts.id, { onDelete: 'cascade' }),
    /** Id of the article in the press archive it was taken from. */
    articleId: integer('article_id').notNull(),
    headline: text('headline').notNull(),
    text: text('text').notNull().default(''),
    wroteAt: tstz('wrote_at').notNull(),
    sourceName: text('source_name').notNull(),
    sourceLink: text('source_link').notNull(),
  },
  (t) => [index('lom_fact_articles_fact_idx').on(t.factId, t.wroteAt)],
);

/**
 * Participation of a lom in a project ordered by a producer center (film, song,
 * integration, grant, event). values holds the metric series: total, accepted,
 * declined, paid, grant.
 */
export const lomInvolvements = pgTable(
  'lom_involvements',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    lomId: lomId(),
    pcCustomer: integer('pc_customer').references(() => producerCenters.id, { onDelete: 'set null' }),
    involvementType: text('involvement_type').notNull(),
    values: jsonb('values').notNull().default({}),
    /** Grant amount, roubles. */
    grant: numeric('grant', { precision: 14, scale: 2, mode: 'number' }),
    grantGiver: text('grant_giver'),
    /** Fee paid to the lom, roubles. */
    fee: numeric('fee', { precision: 14, scale: 2, mode: 'number' }),
    releaseDates: date('release_dates').array(),
    /** 'approved' | 'pending' | 'declined'. */
    approval: text('approval').notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [index('lom_involvements_lom_idx').on(t.lomId), index('lom_involvements_pc_idx').on(t.pcCustomer)],
);

/**
 * One row: a number that every statement writing `lom_involvements` raises (statement triggers, migration 0033). The
 * producer centers' involvement figures are kept in memory per server process under it (docs/producers.md
 * "Speed"), so a read after any write recomputes them.
 */
export const lomInvolvementsVersion = pgTable(
  'lom_involvements_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('lom_involvements_version_one_row', sql`${t.id} = 1`)],
);

/** Web search results about a lom (search-results/), cached. */
export const lomNews = pgTable(
  'lom_news',
  {
    id: serial('id').primaryKey(),
    lomId: lomId(),
    title: text('title').notNull(),
    text: text('text').notNull().default(''),
    url: text('url').notNull(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    cachedAt: tstz('cached_at'),
  },
  (t) => [index('lom_news_lom_idx').on(t.lomId, t.updatedAt)],
);

/** VK communities a lom runs or is present in. */
export const vkGroups = pgTable(
  'vk_groups',
  {
    id: serial('id').primaryKey(),
    lomId: lomId(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    members: integer('members').notNull().default(0),
    /** The group's index shown with each item (its weight for the lom, 0..100). */
    groupIndex: real('group_index').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('vk_groups_lom_idx').on(t.lomId)],
);

/** Accounts a lom is subscribed to (subscriptions/), possibly other loms. */
export const lomSubscriptions = pgTable(
  'lom_subscriptions',
  {
    id: serial('id').primaryKey(),
    lomId: lomId(),
    lomSourceId: integer('lom_source_id').references(() => lomSources.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    subscribers: bigint('subscribers', { mode: 'number' }).notNull().default(0),
    subscribedLomId: integer('subscribed_lom_id').references(() => loms.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('lom_subscriptions_lom_idx').on(t.lomId)],
);

/** Brands a lom mentions (the card's top ten brands); brands are loms themselves. */
export const lomBrands = pgTable(
  'lom_brands',
  {
    lomId: lomId(),
    brandLomId: integer('brand_lom_id')
      .notNull()
      .references(() => loms.id, { onDelete: 'cascade' }),
    mentions: integer('mentions').notNull().default(0),
    siSum: doublePrecision('si_sum').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.lomId, t.brandLomId] }), index('lom_brands_brand_idx').on(t.brandLomId)],
);

/**
 * Uploaded lom avatars, in the database like every other upload (docs/data-model.md), so
 * server instances stay stateless. Keyed by file name: the SHA-256 of the bytes plus the
 * extension, so one image is stored once and a name never changes meaning.
 */
export const lomAvatars = pgTable('lom_avatars', {
  file: text('file').primaryKey(),
  mime: text('mime').notNull(),
  body: bytea('body').notNull(),
  createdAt: createdAt(),
});
