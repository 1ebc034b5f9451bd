// The mood model (docs/mood-model.md). Without a database: train on labelled texts, predict texts, evaluate
// (model.ts, report.ts, labelled-csv.ts; moods are ids 1..6 in and out). With one: what the features, the
// ingestion and the seed call (train.ts, mark.ts).
export type { MoodClassifier } from './classifier.ts';
export type { Calibration, ReliabilityBin, Scores } from './evaluate.ts';
export { bootstrapMacroF1, calibrationOf, scoreOf } from './evaluate.ts';
export { FEATURE_VERSION } from './features.ts';
export { LABEL_WORDS, LabelledCsvError, type LabelledText, parseLabelledCsv } from './labelled-csv.ts';
export {
  type MarkResult,
  MOOD_CONFIDENCE_THRESHOLD,
  type MoodPredictions,
  markFragments,
  markMoods,
  markUnverified,
  moodPredictor,
  predictMoods,
} from './mark.ts';
export {
  type Evaluation,
  evaluateModel,
  type ModelSettings,
  type MoodExample,
  moodsOf,
  predictTexts,
  type TextPrediction,
  trainModel,
} from './model.ts';
export {
  latestModelVerifiedCount,
  type ModelSummaryRow,
  modelHistory,
  staleActiveModel,
  unmarkedPage,
  verifiedCount,
} from './mood-model-queries.ts';
export { type EvaluationReport, evaluationReport, formatReport } from './report.ts';
export {
  knownMoods,
  MIN_VERIFIED_PER_MOOD,
  TEST_SHARE,
  type TrainRequest,
  type TrainResult,
  type TrainTrigger,
  trainMoodModel,
} from './train.ts';
