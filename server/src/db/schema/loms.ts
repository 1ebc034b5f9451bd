import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns.ts';
import { cities, regions, sources } from './directories.ts';
import { users } from './users.ts';

/**
 * A lom (opinion leader): a person, brand or channel whose publications are tracked.
 * The metric columns at the end are denormalised from messages and lom_sources and
 * kept current by every write that changes them, so lom lists sort without joins.
 */
export const loms = pgTable(
  'loms',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    middlename: text('middlename'),
    nickname: text('nickname'),
    avatar: text('avatar'),
    age: smallint('age'),
    birthDate: date('birth_date'),
    isActive: boolean('is_active').notNull().default(true),
    archived: boolean('archived').notNull().default(false),
    isManual: boolean('is_manual').notNull().default(false),
    residenceAddress: text('residence_address'),
    occupation: text('occupation'),
    createdAt: createdAt(),
    /** 1 federal, 2 regional. */
    regionType: smallint('region_type'),
    category: text('category'),
    segment: text('segment'),
    typology: text('typology'),
    lomTypeCategory: text('lom_type_category'),
    producerName: text('producer_name'),
    awards: text('awards'),
    agency: text('agency'),
    /** cooperation_statuses.id; 0 ('Статус не выбран') is a sentinel, hence no foreign key. */
    cooperationId: integer('cooperation_id').notNull().default(0),
    trustIndex: real('trust_index'),
    influenceIndex: real('influence_index'),
    integrationIndex: real('integration_index'),
    /** Average age of the audience, years. */
    audienceAge: smallint('audience_age'),
    regionId: integer('region_id').references(() => regions.id, { onDelete: 'set null' }),
    cityId: integer('city_id').references(() => cities.id, { onDelete: 'set null' }),
    /** Sum of coverage of the active lom sources. */
    sumCoverage: bigint('sum_coverage', { mode: 'number' }).notNull().default(0),
    /** Largest audience of one source: the subscriber count shown on the card. */
    subscribers: bigint('subscribers', { mode: 'number' }).notNull().default(0),
    totalSi: doublePrecision('total_si').notNull().default(0),
    totalViews: bigint('total_views', { mode: 'number' }).notNull().default(0),
    /** Live messages: not trash, archived or delayed. */
    messageNumber: integer('message_number').notNull().default(0),
    /** All messages except trash. */
    messagesCount: integer('messages_count').notNull().default(0),
    verifiedCount: integer('verified_count').notNull().default(0),
    quotesCount: integer('quotes_count').notNull().default(0),
    averageSi: doublePrecision('average_si').notNull().default(0),
    lastMessageAt: tstz('last_message_at'),
  },
  (t) => [
    index('loms_name_lower_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    // The admin lom list's order (lower(name), id): a page is the first entries of the index.
    index('loms_name_order_idx').on(sql`lower(${t.name})`, t.id),
    // Substring search (ilike '%…%') of the admin lists by trigram (pg_trgm, migration 0021).
    index('loms_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('loms_nickname_trgm_idx').using('gin', sql`${t.nickname} gin_trgm_ops`),
    index('loms_active_idx').on(t.isActive, t.archived),
    index('loms_region_idx').on(t.regionId),
    index('loms_total_si_idx').on(t.totalSi),
    // Mood tables sum the subscribers of thousands of loms by id: an index-only lookup each
    // instead of a visit to the wide lom row (docs/dashboards.md, docs/themes.md).
    index('loms_id_subscribers_idx').on(t.id, t.subscribers),
    // The /loms list in its default ordering (-subscribers): the page is the first 100
    // entries, and every unarchived lom's id (the total, the join with a period's sums
    // when ordered by a period metric) is an index-only scan instead of a pass over the
    // wide rows of loms.
    index('loms_list_idx')
      .on(t.subscribers.desc().nullsLast(), t.id, t.isActive)
      .where(sql`not ${t.archived}`),
  ],
);

/** Extra personal data of a lom, 1:1. */
export const lomData = pgTable('lom_data', {
  lomId: integer('lom_id')
    .primaryKey()
    .references(() => loms.id, { onDelete: 'cascade' }),
  birthDate: date('birth_date'),
  birthDay: smallint('birth_day'),
  birthMonth: smallint('birth_month'),
  country: text('country'),
  city: text('city'),
  /** 'male' | 'female'; null for brands and channels. */
  gender: text('gender'),
  /** 1..8, labels in product.md §3. */
  familyStatus: smallint('family_status'),
  occupation: text('occupation'),
  activities: text('activities'),
  status: text('status'),
  description: text('description'),
});

/**
 * An account's address key in SQL: the rule of contracts' sourceUrlKey (scheme, `www.`, case and trailing
 * slashes ignored). One expression for the look-up by key (domain/editing/lom-source-queries.ts) and for
 * lom_sources_url_key_idx, which only serves a query whose expression is the same.
 */
export const urlKeySql = (url: SQL | AnyColumn): SQL =>
  sql`lower(regexp_replace(regexp_replace(regexp_replace(btrim(${url}), '^https?://', '', 'i'), '^www\\.', '', 'i'), '/+$', ''))`;

/** An account of a lom on a platform; a source without a lom waits in the admin list. */
export const lomSources = pgTable(
  'lom_sources',
  {
    id: serial('id').primaryKey(),
    lomId: integer('lom_id').references(() => loms.id, { onDelete: 'set null' }),
    probableLomId: integer('probable_lom_id').references(() => loms.id, { onDelete: 'set null' }),
    sourceId: integer('source_id')
      .notNull()
      .references(() => sources.id),
    url: text('url').notNull(),
    /** The account's display name as the crawler saw it (messages.lom_name of its posts). */
    accountName: text('account_name'),
    externalLink: text('external_link'),
    /** Subscribers of the account. */
    coverage: bigint('coverage', { mode: 'number' }).notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** How well probable_lom_id matched (0..1, docs/admin-loms.md); null when an administrator chose it. */
    probableLomScore: real('probable_lom_score'),
    /** Why probable_lom_id was proposed: url, handle, name, nickname or manual. */
    probableLomReason: text('probable_lom_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('lom_sources_lom_idx').on(t.lomId),
    index('lom_sources_probable_lom_idx').on(t.probableLomId),
    index('lom_sources_source_idx').on(t.sourceId),
    index('lom_sources_unbound_idx').on(t.id).where(sql`${t.lomId} is null`),
    index('lom_sources_url_trgm_idx').using('gin', sql`${t.url} gin_trgm_ops`),
    index('lom_sources_account_name_trgm_idx').using('gin', sql`${t.accountName} gin_trgm_ops`),
    // The ingestion finds its accounts by address key (docs/ingestion.md): a probe per key, not a scan.
    index('lom_sources_url_key_idx').on(urlKeySql(t.url)),
  ],
);

/** Per-user favourite flag of a lom (is_favourite is never stored on the lom). */
export const favouriteLoms = pgTable(
  'favourite_loms',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lomId: integer('lom_id')
      .notNull()
      .references(() => loms.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lomId] }), index('favourite_loms_lom_idx').on(t.lomId)],
);
