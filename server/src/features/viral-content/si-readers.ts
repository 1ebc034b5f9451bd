import type { Permission } from '@monitoring/contracts';

/** Who may read the SI definition: anyone with a page that shows SI, or the help pages. Roles 0 and 101 hold none. */
export const SI_READERS: readonly Permission[] = [
  'VIRAL_CONTENT',
  'ABOUT',
  'MESSAGES',
  'LOMS',
  'THEMES',
  'INFO_REASONS',
  'RUBRICS',
  'NEWS',
  'CONVERSATIONS',
  'SOCIAL_PANEL',
  'DASHBOARD',
];
