import { MOOD_MODEL_RETRAIN_AFTER, type MoodTrainingStatus } from '@monitoring/contracts';
import type { Db } from '../../db/client.ts';
import {
  FEATURE_VERSION,
  latestModelVerifiedCount,
  staleActiveModel,
  type TrainRequest,
  trainMoodModel,
  verifiedCount,
} from '../../domain/mood-model/index.ts';

/**
 * Training runs off the request path, one at a time per server process (docs/mood-model.md
 * "Retraining"): a run started by the settings button or by the retraining timer goes on after the
 * answer; the page polls its progress. Across processes the replacement itself is serialised by an
 * advisory lock (domain/mood-model/train.ts).
 */
interface RunnerState {
  running: Promise<void> | null;
  phase: string | null;
  progress: number;
  startedAt: Date | null;
  last: MoodTrainingStatus['last'];
  /** The verified count when the timer last started a run: a refused run is not retried before 500 more. */
  lastAttemptCount: number;
  /** The stale active model (older features) the timer last trained to replace: tried once. */
  staleTried: number | null;
}

const states = new WeakMap<Db, RunnerState>();

function stateOf(db: Db): RunnerState {
  let state = states.get(db);
  if (!state) {
    state = {
      running: null,
      phase: null,
      progress: 0,
      startedAt: null,
      last: null,
      lastAttemptCount: 0,
      staleTried: null,
    };
    states.set(db, state);
  }
  return state;
}

export function trainingStatus(db: Db): MoodTrainingStatus {
  const state = stateOf(db);
  return {
    running: state.running !== null,
    phase: state.phase,
    progress: state.progress,
    started_at: state.startedAt?.toISOString() ?? null,
    last: state.last,
  };
}

/** Starts a run unless one is running; answers whether it started. `done` settles when it ends. */
export function startTraining(db: Db, request: Omit<TrainRequest, 'onProgress'>): boolean {
  const state = stateOf(db);
  if (state.running) return false;
  state.phase = 'Запуск';
  state.progress = 0;
  state.startedAt = new Date();
  state.running = (async () => {
    try {
      const result = await trainMoodModel(db, {
        ...request,
        onProgress: (phase, done) => {
          state.phase = phase;
          state.progress = Math.min(1, Math.max(0, done));
        },
      });
      state.last = {
        outcome: result.outcome,
        message: result.message,
        version: result.outcome === 'refused' ? null : result.modelId,
        finished_at: new Date().toISOString(),
      };
    } catch (error) {
      state.last = {
        outcome: 'failed',
        message: `Обучение прервано ошибкой: ${error instanceof Error ? error.message : String(error)}`,
        version: null,
        finished_at: new Date().toISOString(),
      };
    } finally {
      state.running = null;
      state.phase = null;
      state.progress = 0;
    }
  })();
  return true;
}

/** Resolves when the run in progress (if any) has finished: for tests and for a clean shutdown. */
export async function trainingFinished(db: Db): Promise<void> {
  await stateOf(db).running;
}

/**
 * One check of the retraining timer: a run starts when MOOD_MODEL_RETRAIN_AFTER verified messages with a
 * mood came in since the newest model (or, with no model, since the last attempt), or when the active model's
 * features are of an older version. Answers whether it did.
 */
export async function retrainIfDue(db: Db): Promise<boolean> {
  const state = stateOf(db);
  if (state.running) return false;
  const now = await verifiedCount(db);
  const since = Math.max((await latestModelVerifiedCount(db)) ?? 0, state.lastAttemptCount);
  // An active model of older features marks nothing: train a new one at once (once for that model).
  const stale = await staleActiveModel(db, FEATURE_VERSION);
  const replaceStale = stale !== null && stale !== state.staleTried;
  if (!replaceStale && now - since < MOOD_MODEL_RETRAIN_AFTER) return false;
  state.staleTried = stale;
  state.lastAttemptCount = now;
  return startTraining(db, { trigger: 'auto' });
}
