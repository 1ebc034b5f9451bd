/**
 * @deprecated The old home of the write tests' factories: they live in the subject files now (loms, directories,
 * messages, aggregates). Kept for the test files not yet moved; removed once the path helpers land.
 */

export { aggregateSnapshot, rebuildAggregates } from './factories-aggregates.ts';
export { buildRubric, buildTheme } from './factories-directories.ts';
export { editsBuildInfoReason as buildInfoReason } from './factories-legacy.ts';
export { buildLom } from './factories-loms.ts';
export { buildFragment, buildMarkup, buildMessage, buildQuote } from './factories-messages.ts';
