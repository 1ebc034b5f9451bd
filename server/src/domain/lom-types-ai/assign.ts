import type { Db } from '../../db/client.ts';
import { type LomTypeRules, syncAiLomTypes } from './queries.ts';

/**
 * Lom types assigned by the machine (docs/loms.md "Lom types assigned by AI"). A lom type may name a theme
 * (`lom_types.theme_id`: «Транспортные каналы» ↔ «Общественный транспорт»). A lom that keeps writing about that
 * theme gets the type, marked `assigned_by_ai`: at least LOM_TYPE_AI_RULES.minMessages of its live messages of the
 * last `days` days are in the theme, and they are at least `minShare` of its themed messages. When the messages stop
 * supporting it, the machine's link goes; any other link (assigned_by_ai false: imported or set by people) is never
 * touched.
 */
export const LOM_TYPE_AI_RULES: LomTypeRules = { days: 90, minMessages: 10, minShare: 0.3 };

export async function assignLomTypesByThemes(
  db: Db,
  rules: LomTypeRules = LOM_TYPE_AI_RULES,
): Promise<{ added: number; removed: number }> {
  return db.transaction((tx) => syncAiLomTypes(tx, rules));
}
