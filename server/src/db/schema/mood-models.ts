import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt, tstz } from './columns.ts';
import { users } from './users.ts';

/**
 * The trained mood models (docs/mood-model.md): every training run that got as far as a model, with its
 * evaluation on the newest 20% of the verified messages, beside the majority baseline and the model that
 * was active then, on the same test set. At most one is active: the one that marks messages.
 */
export const moodModels = pgTable(
  'mood_models',
  {
    /** The version shown to users. */
    id: serial('id').primaryKey(),
    createdAt: createdAt(),
    /** 'manual' (the settings button), 'auto' (the server's retraining), 'cli' (npm run ai:train), 'demo' (the seed). */
    trigger: text('trigger').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    trainingSize: integer('training_size').notNull(),
    testSize: integer('test_size').notNull(),
    /** All verified messages with a mood when it was trained: the retraining counts new ones from here. */
    verifiedCount: integer('verified_count').notNull(),
    /** The first message of the test set (wrote_at): everything before it trained, everything from it tested. */
    testFrom: tstz('test_from').notNull(),
    durationMs: integer('duration_ms').notNull(),
    accuracy: real('accuracy').notNull(),
    macroF1: real('macro_f1').notNull(),
    /** F1 per mood weighted by its share of the test set (null for models stored before it was measured). */
    weightedF1: real('weighted_f1'),
    /** The 95% bootstrap interval of macro-F1 on the test set. */
    macroF1Low: real('macro_f1_low'),
    macroF1High: real('macro_f1_high'),
    /** The moods it knows (enough verified messages when trained), in id order. */
    moods: smallint('moods').array().notNull().default(sql`'{1,2,3,4,5,6}'`),
    /** { ece, bins: [{ from, to, count, confidence, accuracy }] } on the test set. */
    calibration: jsonb('calibration'),
    /** 6×6, rows the editors' mood, columns the model's (moods 1..6 in order). */
    confusion: jsonb('confusion').notNull(),
    /** [{ mood, precision, recall, f1, support }] */
    perMood: jsonb('per_mood').notNull(),
    baselineMood: smallint('baseline_mood').notNull(),
    baselineAccuracy: real('baseline_accuracy').notNull(),
    baselineMacroF1: real('baseline_macro_f1').notNull(),
    /** The model active when this one was trained, and its scores on this one's test set. */
    previousId: integer('previous_id'),
    previousAccuracy: real('previous_accuracy'),
    previousMacroF1: real('previous_macro_f1'),
    previousConfusion: jsonb('previous_confusion'),
    previousWeightedF1: real('previous_weighted_f1'),
    /** This model's macro-F1 minus the previous one's on the same test set, with its 95% paired bootstrap interval. */
    differenceMacroF1: real('difference_macro_f1'),
    differenceLow: real('difference_low'),
    differenceHigh: real('difference_high'),
    hashBits: smallint('hash_bits').notNull(),
    featureVersion: smallint('feature_version').notNull(),
    /** The classifier (domain/mood-model/classifier.ts serializeClassifier): gzipped float32 weights. */
    weights: bytea('weights').notNull(),
    /** Whether it replaced the active model when trained (better beyond noise: the difference's interval above 0). */
    accepted: boolean('accepted').notNull(),
    active: boolean('active').notNull().default(false),
  },
  (t) => [
    uniqueIndex('mood_models_one_active_idx').on(t.active).where(sql`${t.active}`),
    index('mood_models_created_idx').on(t.createdAt),
  ],
);
