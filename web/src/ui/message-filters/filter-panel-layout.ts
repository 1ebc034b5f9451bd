import type { MessageFilterFlag } from '@monitoring/contracts';
import type { Can } from '../../api/useCan.ts';
import { FLAG_FILTER_LABELS } from './texts.ts';

/**
 * The flags the filter panel offers the user: approval is the super editor's; the editors'
 * (manual) messages are GET_EDITORS_MESSAGES's, with its controls.
 */
export function visibleFilterFlags(can: Can): MessageFilterFlag[] {
  return (Object.keys(FLAG_FILTER_LABELS) as MessageFilterFlag[]).filter((flag) => {
    if (flag === 'verified_by_super_editor') return can('SUPER_EDITOR_STATUS');
    if (flag === 'is_manual') return can('GET_EDITORS_MESSAGES') && can('GET_EDITORS_MESSAGES_CONTROLS');
    return true;
  });
}

/**
 * How many controls the panel's grid holds (lom, theme, info reason, rubric, region, source, message
 * type, content type where allowed, state, mood): the skeleton shown while the panel loads draws as many.
 */
export function filterGridCount(can: Can): number {
  return can('USE_CONTENT_TYPE_FILTER') ? 10 : 9;
}
