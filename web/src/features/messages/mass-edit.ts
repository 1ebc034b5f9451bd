import type { MessageFields } from '@monitoring/contracts';

/** The mass-edit form: undefined means «не менять». */
export interface MassEditValues {
  mood?: number | null;
  theme?: number | null;
  info_reason?: number | null;
  verified?: boolean;
  delayed?: boolean;
  archived?: boolean;
  trash?: boolean;
}

const FLAGS = ['verified', 'delayed', 'archived', 'trash'] as const;

/** The fields to send, or null when nothing is to change. */
export function massEditFields(values: MassEditValues): MessageFields | null {
  const fields: MessageFields = {};
  if (values.mood !== undefined) fields.mood = values.mood as MessageFields['mood'];
  if (values.theme !== undefined) fields.theme = values.theme;
  if (values.info_reason !== undefined) fields.info_reason = values.info_reason;
  for (const flag of FLAGS) if (values[flag] !== undefined) fields[flag] = values[flag];
  return Object.keys(fields).length > 0 ? fields : null;
}
