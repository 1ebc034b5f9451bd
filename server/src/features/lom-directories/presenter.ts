import type { LomFocusItem, LomTypeItem } from '@monitoring/contracts';
import {
  presentLomFocusPick,
  presentLomTypePick,
} from '../../domain/pick-lists/lom-directory-pick-presenter.ts';
import type { LomFocusRow, LomTypeRow } from './queries.ts';

export function presentLomType(row: LomTypeRow): LomTypeItem {
  return {
    ...presentLomTypePick(row),
    sort: row.sort,
    created_at: row.createdAt.toISOString(),
    loms_count: row.lomsCount,
  };
}

export function presentLomFocus(row: LomFocusRow): LomFocusItem {
  return {
    ...presentLomFocusPick(row),
    created_at: row.createdAt.toISOString(),
    loms_count: row.lomsCount,
  };
}
