import type { Db } from '../../db/client.ts';
import { badRequest, type HttpError } from '../../http/errors.ts';
import { findInfoReason, findTheme } from './lookup-queries.ts';

/**
 * Theme and info reason stay consistent on messages, fragments, quotes and markups:
 * an info reason belongs to at most one theme, and a classification never pairs an
 * info reason with another theme. Setting an info reason alone also sets its theme;
 * changing the theme alone drops an info reason of another theme (`dropStale`).
 */
export interface Classification {
  /** undefined: leave the theme as it is. */
  themeId?: number | null;
  /** undefined: leave it, unless the new theme makes it stale (see `dropStale`). */
  infoReasonId?: number | null;
  /** True when the theme changes without an info reason, so an info reason of another theme goes. */
  dropStale: boolean;
}

export interface ClassificationInput {
  theme?: number | null;
  info_reason?: number | null;
}

export interface FieldNames {
  theme: string;
  info_reason: string;
}

/** Fails a theme/info-reason conflict; the 422 of messages/fragment_fields passes its own. */
export type ConflictError = (message: string, field: string) => HttpError;

export async function resolveClassification(
  db: Db,
  input: ClassificationInput,
  fields: FieldNames,
  conflict: ConflictError = badRequest,
): Promise<Classification> {
  const { theme, info_reason: reason } = input;
  if (theme !== undefined && theme !== null && !(await findTheme(db, theme))) {
    throw badRequest('Тема не найдена', fields.theme);
  }
  if (reason === undefined) return { themeId: theme, dropStale: theme !== undefined };
  if (reason === null) return { themeId: theme, infoReasonId: null, dropStale: false };
  const found = await findInfoReason(db, reason);
  if (!found) throw badRequest('Инфоповод не найден', fields.info_reason);
  if (theme !== undefined && found.themeId !== null && found.themeId !== theme) {
    throw conflict('Инфоповод относится к другой теме', fields.info_reason);
  }
  return {
    themeId: theme !== undefined ? theme : (found.themeId ?? undefined),
    infoReasonId: reason,
    dropStale: false,
  };
}

/** The info reason to keep when a row's theme becomes `themeId`: null when it belongs to another theme. */
export async function keepInfoReason(db: Db, infoReasonId: number | null, themeId: number | null) {
  if (infoReasonId === null) return null;
  const found = await findInfoReason(db, infoReasonId);
  if (!found) return null;
  return found.themeId === null || found.themeId === themeId ? infoReasonId : null;
}

/** Applies a resolved classification to one row's current theme and info reason. */
export async function applyClassification(
  db: Db,
  current: { themeId: number | null; infoReasonId: number | null },
  c: Classification,
): Promise<{ themeId: number | null; infoReasonId: number | null }> {
  const themeId = c.themeId === undefined ? current.themeId : c.themeId;
  if (c.infoReasonId !== undefined) return { themeId, infoReasonId: c.infoReasonId };
  if (!c.dropStale) return { themeId, infoReasonId: current.infoReasonId };
  return { themeId, infoReasonId: await keepInfoReason(db, current.infoReasonId, themeId) };
}
