import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';

// Duplicates worth merging on /admin-panel/themes and /admin-panel/info-reasons (docs/admin-directories.md): a
// few themes and info reasons of the demo entered a second time under a slightly different name, as editors and
// imports do, each holding a deterministic share of the original's messages. Written after the bulk load, so
// the triggers of messages keep every rollup.

/** [the theme of the demo, the duplicate's name]. */
const DUPLICATE_THEMES = [
  ['Дороги и пробки', 'Дороги и пробки (дубль)'],
  ['Экология', 'экология'],
  ['Общественный транспорт', 'Общественный  транспорт'],
] as const;

/** [the info reason of the demo, the duplicate's name]: the duplicate sits in the same theme. */
const DUPLICATE_REASONS = [
  ['Ремонт дорог', 'Ремонт дорог и тротуаров'],
  ['Раздельный сбор мусора', 'Раздельный сбор отходов'],
  ['Индексация тарифов ЖКХ', 'Индексация тарифов на ЖКУ'],
  ['Телефонные мошенники', 'Телефонное мошенничество'],
] as const;

/** One message in SHARE goes to the duplicate. */
const SHARE = 5;

export async function seedAdminDirectories(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [original, name] of DUPLICATE_THEMES) {
      const [theme] = await queryRows<{ id: number; created_by: number | null }>(
        tx,
        sql`select id, created_by from themes where name = ${original} order by id limit 1`,
      );
      if (!theme) continue;
      const [copy] = await queryRows<{ id: number }>(
        tx,
        sql`insert into themes (name, approved, created_by) values (${name}, true, ${theme.created_by})
            returning id`,
      );
      await tx.execute(
        sql`update messages set theme_id = ${copy.id} where theme_id = ${theme.id} and id % ${SHARE} = 0`,
      );
    }
    for (const [original, name] of DUPLICATE_REASONS) {
      const [reason] = await queryRows<{
        id: number;
        theme_id: number | null;
        target_tonality: number | null;
      }>(
        tx,
        sql`select id, theme_id, target_tonality from info_reasons where name = ${original} order by id limit 1`,
      );
      if (!reason) continue;
      const [copy] = await queryRows<{ id: number }>(
        tx,
        sql`insert into info_reasons (name, theme_id, target_tonality)
            values (${name}, ${reason.theme_id}, ${reason.target_tonality}) returning id`,
      );
      await tx.execute(
        sql`update messages set info_reason_id = ${copy.id}
             where info_reason_id = ${reason.id} and id % ${SHARE} = 1`,
      );
    }
  });
}
