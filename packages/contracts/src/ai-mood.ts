import { z } from 'zod';
import { idList, strictBody } from './input.ts';
import { isCalendarDayText } from './lom-audience.ts';
import { moodSchema } from './moods.ts';

/**
 * The mood model that learns from editors (issue 18, docs/mood-model.md): its models and their scores
 * (settings, «Модель тональности»), a training run, and marking messages without a mark on demand.
 */
export const AI_MOOD_PATHS = {
  /** GET: the active model, the history, the training in progress (view_settings). */
  models: '/api/v2/ai/mood/models/',
  /** POST: start a training run (admin); GET: its progress and last result. */
  train: '/api/v2/ai/mood/train/',
  /** POST: mark the messages without a mark of a period or of ids (admin). */
  mark: '/api/v2/ai/mood/mark/',
} as const;

/** A mood with fewer verified messages than this is left out of training: the model does not know it. */
export const MOOD_MODEL_MIN_PER_MOOD = 50;
/** Training refuses unless at least this many moods have MOOD_MODEL_MIN_PER_MOOD verified messages. */
export const MOOD_MODEL_MIN_MOODS = 2;
/** The confidence level of the score's interval and of the replacement rule's paired bootstrap. */
export const MOOD_MODEL_INTERVAL_LEVEL = 0.95;
/** The share of the newest verified messages that is the test set. */
export const MOOD_MODEL_TEST_SHARE = 0.2;
/** Below this probability the model leaves mood_ai empty. */
export const MOOD_MODEL_CONFIDENCE_THRESHOLD = 0.4;
/** The server retrains by itself once this many verified messages with a mood came in since the last model. */
export const MOOD_MODEL_RETRAIN_AFTER = 500;
/** The longest period of one on-demand marking call. */
export const MOOD_MARK_MAX_DAYS = 366;

const score = z.number().min(0).max(1);
const matrix = z.array(z.array(z.number().int().min(0)).length(6)).length(6);

/** A bootstrap interval of a score (or of a difference of two scores). */
const interval = z.object({ low: z.number(), high: z.number() });

export const moodModelScores = z.object({
  accuracy: score,
  macro_f1: score,
  /** F1 of each mood weighted by its share of the test set (null for models stored before it was measured). */
  weighted_f1: score.nullable(),
  /** Rows: the editors' mood 1..6; columns: the model's. */
  confusion: matrix,
});

export const moodModelItem = z.object({
  version: z.number().int(),
  created_at: z.string(),
  trigger: z.enum(['manual', 'auto', 'cli', 'demo']),
  created_by: z.string().nullable(),
  training_size: z.number().int(),
  test_size: z.number().int(),
  /** The first moment of the test set: the model trained on what came before it. */
  test_from: z.string(),
  duration_ms: z.number().int(),
  scores: moodModelScores,
  per_mood: z.array(
    z.object({ mood: moodSchema, precision: score, recall: score, f1: score, support: z.number().int() }),
  ),
  baseline: z.object({ mood: moodSchema, accuracy: score, macro_f1: score }),
  /** The moods it knows (those with enough verified messages when it was trained), in id order. */
  moods: z.array(moodSchema),
  /** The 95% bootstrap interval of its macro-F1 on the test set (null for models stored before it was measured). */
  macro_f1_interval: interval.nullable(),
  /**
   * Calibration on the test set: the expected calibration error and the reliability diagram (the share of
   * right answers against the confidence, in ten bins). Null for models stored before it was measured.
   */
  calibration: z
    .object({
      ece: score,
      bins: z.array(
        z.object({ from: score, to: score, count: z.number().int(), confidence: score, accuracy: score }),
      ),
    })
    .nullable(),
  /** The model active when this one was trained, scored on this one's test set (null when there was none). */
  previous: moodModelScores
    .extend({
      version: z.number().int(),
      /** This model's macro-F1 minus the previous one's, with its 95% paired bootstrap interval. */
      difference: interval.extend({ value: z.number() }).nullable(),
    })
    .nullable(),
  accepted: z.boolean(),
  active: z.boolean(),
});
export type MoodModelItem = z.infer<typeof moodModelItem>;

export const moodTrainingStatus = z.object({
  running: z.boolean(),
  /** What it does now, in Russian, and the share done (0..1). */
  phase: z.string().nullable(),
  progress: z.number().min(0).max(1),
  started_at: z.string().nullable(),
  /** The last run of this server process: its outcome and Russian message. */
  last: z
    .object({
      outcome: z.enum(['refused', 'replaced', 'kept', 'failed']),
      message: z.string(),
      version: z.number().int().nullable(),
      finished_at: z.string(),
    })
    .nullable(),
});
export type MoodTrainingStatus = z.infer<typeof moodTrainingStatus>;

export const moodModelsAnswer = z.object({
  active: moodModelItem.nullable(),
  /** Every model, newest first. */
  models: z.array(moodModelItem),
  training: moodTrainingStatus,
  /** Verified messages with a mood now, and per mood (the refusal's count). */
  verified: z.object({ total: z.number().int(), by_mood: z.array(z.number().int()).length(6) }),
  rules: z.object({
    min_per_mood: z.number().int(),
    min_moods: z.number().int(),
    test_share: z.number(),
    confidence_threshold: z.number(),
    retrain_after: z.number().int(),
  }),
});
export type MoodModelsAnswer = z.infer<typeof moodModelsAnswer>;

/** POST train/: no body (Fastify reads an absent body as null) or `{}`; any field is an unknown one. */
export const moodTrainBody = strictBody({}).nullish();

const day = z.string().refine(isCalendarDayText, { error: 'ожидается дата ГГГГ-ММ-ДД' });

/** POST mark/: a period of Moscow days (both ends inclusive, at most a year) and, optionally, only these ids. */
export const moodMarkBody = strictBody({
  date_from: day,
  date_to: day,
  ids: idList.optional(),
}).superRefine((body, ctx) => {
  if (body.date_from > body.date_to) {
    ctx.addIssue({ code: 'custom', path: ['date_from'], message: 'начало периода позже его конца' });
    return;
  }
  const days = (Date.parse(body.date_to) - Date.parse(body.date_from)) / 86_400_000 + 1;
  if (days > MOOD_MARK_MAX_DAYS)
    ctx.addIssue({
      code: 'custom',
      path: ['date_to'],
      message: `период не длиннее ${MOOD_MARK_MAX_DAYS} дней`,
    });
});
export type MoodMarkBody = z.output<typeof moodMarkBody>;

export const moodMarkAnswer = z.object({
  version: z.number().int(),
  examined: z.number().int(),
  marked: z.number().int(),
  low_confidence: z.number().int(),
});
export type MoodMarkAnswer = z.infer<typeof moodMarkAnswer>;
