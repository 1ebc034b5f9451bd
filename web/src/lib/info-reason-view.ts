import type { Can } from '../api/useCan.ts';

/** How a completeness value shows (product.md §4 "Moods"): ✓ met, ✗ not met, — no target. */
export function completenessMark(complete: boolean | null | undefined): { symbol: string; label: string } {
  if (complete === true) return { symbol: '✓', label: 'Целевая тональность достигнута' };
  if (complete === false) return { symbol: '✗', label: 'Целевая тональность не достигнута' };
  return { symbol: '—', label: 'Целевая тональность не задана' };
}

/** Who may move info reasons into a theme, and who may take them out of any (docs/info-reasons.md). */
export function themeMoveRights(can: Can): { put: boolean; clear: boolean } {
  const both = can('EDIT_INFO_REASON_THEME');
  return {
    put: both || can('SWAP_INFO_REASON_TO_THEME'),
    clear: both || can('UNBOUND_INFO_REASON'),
  };
}
