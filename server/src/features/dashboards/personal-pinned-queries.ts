import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

/**
 * SQL of the personal themes pinned on the theme dashboards page and of the personal dashboard picker
 * (dashboard/personal/themes/, themes-dashboards/; docs/dashboards.md). Every read is the caller's own:
 * the owner of a pin is the owner of its personal theme.
 */

export interface PinnedPersonalThemeRow {
  id: number;
  name: string;
  filters: unknown;
  position: number;
  constant_lom_count: string | number;
}

/** The user's pinned personal themes in pin order. */
export async function pinnedPersonalThemes(db: Db, userId: number): Promise<PinnedPersonalThemeRow[]> {
  return queryRows<PinnedPersonalThemeRow>(
    db,
    sql`select p.id, p.name, p.filters, d.position,
               (select count(*) from personal_theme_loms c where c.personal_theme_id = p.id) as constant_lom_count
          from dashboard_personal_themes d join personal_themes p on p.id = d.personal_theme_id
         where p.user_id = ${userId}
         order by d.position, d.id`,
  );
}

/**
 * Pins the personal theme after the owner's other pins; null when it is pinned already (the unique
 * index decides, so two pins at once give one row and one refusal).
 */
export async function pinPersonalTheme(db: Db, themeId: number, userId: number): Promise<number | null> {
  const [row] = await queryRows<{ position: number }>(
    db,
    sql`insert into dashboard_personal_themes (personal_theme_id, position)
        select ${themeId}, coalesce(max(d.position), -1) + 1
          from dashboard_personal_themes d join personal_themes p on p.id = d.personal_theme_id
         where p.user_id = ${userId}
        on conflict (personal_theme_id) do nothing
        returning position`,
  );
  return row ? Number(row.position) : null;
}

export async function unpinPersonalTheme(db: Db, themeId: number): Promise<number | null> {
  const [row] = await queryRows<{ position: number }>(
    db,
    sql`delete from dashboard_personal_themes where personal_theme_id = ${themeId} returning position`,
  );
  return row ? Number(row.position) : null;
}

export interface PersonalThemeChoiceRow {
  id: number;
  name: string;
  constant_lom_count: string | number;
  pinned: boolean;
}

/** Every personal theme of the user, with its constant lom count and pin, by name. */
export async function personalThemeChoices(db: Db, userId: number): Promise<PersonalThemeChoiceRow[]> {
  return queryRows<PersonalThemeChoiceRow>(
    db,
    sql`select p.id, p.name,
               (select count(*) from personal_theme_loms c where c.personal_theme_id = p.id) as constant_lom_count,
               (d.id is not null) as pinned
          from personal_themes p
          left join dashboard_personal_themes d on d.personal_theme_id = p.id
         where p.user_id = ${userId}
         order by lower(p.name), p.id`,
  );
}
