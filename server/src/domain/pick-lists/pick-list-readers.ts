import type { Permission } from '@monitoring/contracts';

/**
 * Who may read a pick list: anyone with a page that filters or classifies by a
 * directory (docs/directories.md). Roles 0 and 101 hold none of them.
 */
export const PICK_LIST_READERS: readonly Permission[] = [
  'MESSAGES',
  'QUOTES',
  'LOMS',
  'THEMES',
  'INFO_REASONS',
  'RUBRICS',
  'ADMIN_PANEL',
];
