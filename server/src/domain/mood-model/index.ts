// The mood model (docs/mood-model.md): what the features, the ingestion and the seed call.
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
  latestModelVerifiedCount,
  type ModelSummaryRow,
  modelHistory,
  unmarkedPage,
  verifiedCount,
} from './mood-model-queries.ts';
export {
  MIN_VERIFIED_PER_MOOD,
  TEST_SHARE,
  type TrainRequest,
  type TrainResult,
  type TrainTrigger,
  trainMoodModel,
} from './train.ts';
