/** A three-way filter (any / yes / no) as a Segmented's options and back. */
export type FlagChoice = 'any' | 'yes' | 'no';

export const flagChoice = (value: boolean | undefined): FlagChoice =>
  value === undefined ? 'any' : value ? 'yes' : 'no';

export const flagValue = (choice: FlagChoice): boolean | undefined =>
  choice === 'any' ? undefined : choice === 'yes';
