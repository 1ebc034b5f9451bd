import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pgArray } from '../pg-array.ts';
import { type AdoptCounts, adoptProposalMessages, pendingAiThemes } from './queries.ts';
import { invalidateSuggestionModel } from './suggest.ts';

/**
 * The approval of AI themes, called by every path that approves a theme (POST themes/approve/,
 * PATCH themes/{id}/ with approved, the /themes-ai page) inside its transaction, before the flag is
 * written: of these themes, those created by AI and not yet approved stop being drafts and their
 * proposal's messages move into them (queries.ts adoptProposalMessages). Answers what moved.
 */
export async function adoptApprovedAiThemes(db: Db, themeIds: readonly number[]): Promise<AdoptCounts> {
  const pending = await pendingAiThemes(db, themeIds);
  if (pending.length === 0) return { moved: 0, kept_as_markups: 0 };
  await db.execute(sql`update themes set draft = false where id = any(${pgArray(pending)}::int[])`);
  const counts = await adoptProposalMessages(db, pending);
  invalidateSuggestionModel();
  return counts;
}
