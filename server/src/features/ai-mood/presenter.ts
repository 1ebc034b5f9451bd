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
    scores: { accuracy: row.accuracy, macro_f1: row.macroF1, confusion: row.confusion as number[][] },
    per_mood: row.perMood as MoodModelItem['per_mood'],
    baseline: {
      mood: row.baselineMood as Mood,
      accuracy: row.baselineAccuracy,
      macro_f1: row.baselineMacroF1,
    },
    previous:
      row.previousId !== null && row.previousAccuracy !== null && row.previousMacroF1 !== null
        ? {
            version: row.previousId,
            accuracy: row.previousAccuracy,
            macro_f1: row.previousMacroF1,
            confusion: row.previousConfusion as number[][],
          }
        : null,
    accepted: row.accepted,
    active: row.active,
  };
}
