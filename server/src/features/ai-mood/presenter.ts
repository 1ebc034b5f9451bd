import type { Mood, MoodModelItem } from '@monitoring/contracts';
import type { ModelSummaryRow } from '../../domain/mood-model/index.ts';

/** A stored model as the settings page shows it. */
export function presentModel(row: ModelSummaryRow, names: Map<number, string>): MoodModelItem {
  return {
    version: row.id,
    created_at: row.createdAt.toISOString(),
    trigger: row.trigger as MoodModelItem['trigger'],
    created_by: row.createdBy === null ? null : (names.get(row.createdBy) ?? null),
    training_size: row.trainingSize,
    test_size: row.testSize,
    test_from: row.testFrom.toISOString(),
    duration_ms: row.durationMs,
    scores: {
      accuracy: row.accuracy,
      macro_f1: row.macroF1,
      weighted_f1: row.weightedF1,
      confusion: row.confusion as number[][],
    },
    per_mood: row.perMood as MoodModelItem['per_mood'],
    baseline: {
      mood: row.baselineMood as Mood,
      accuracy: row.baselineAccuracy,
      macro_f1: row.baselineMacroF1,
    },
    moods: row.moods as Mood[],
    macro_f1_interval:
      row.macroF1Low !== null && row.macroF1High !== null
        ? { low: row.macroF1Low, high: row.macroF1High }
        : null,
    calibration: row.calibration as MoodModelItem['calibration'],
    previous:
      row.previousId !== null && row.previousAccuracy !== null && row.previousMacroF1 !== null
        ? {
            version: row.previousId,
            accuracy: row.previousAccuracy,
            macro_f1: row.previousMacroF1,
            weighted_f1: row.previousWeightedF1,
            confusion: row.previousConfusion as number[][],
            difference:
              row.differenceMacroF1 !== null && row.differenceLow !== null && row.differenceHigh !== null
                ? { value: row.differenceMacroF1, low: row.differenceLow, high: row.differenceHigh }
                : null,
          }
        : null,
    accepted: row.accepted,
    active: row.active,
  };
}
