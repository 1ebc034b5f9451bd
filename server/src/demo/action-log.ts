import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * The demo's action log (docs/logs.md), after the bulk load: 2,400 actions of the editors, the super editor and the
 * administrator over the last 30 days up to now (a few dozen of them today, so the «Действия» counter and /logs are
 * full on a fresh start), on real messages, themes, info reasons and loms, with Russian old and new values.
 * Deterministic: one INSERT … SELECT over generate_series and the seeded ids in order.
 */
export async function seedActionLog(db: Db): Promise<void> {
  await db.execute(sql`
    with
      who as (select array_agg(id order by id) as ids from users
               where username in ('editor', 'superEditor', 'admin', 'extendedUser')),
      m as (select array_agg(id order by id) as ids from (select id from messages order by id limit 500) s),
      t as (select array_agg(id order by id) as ids, array_agg(name order by id) as names
              from (select id, name from themes order by id limit 40) s),
      r as (select array_agg(id order by id) as ids from (select id from info_reasons order by id limit 100) s),
      l as (select array_agg(id order by id) as ids from (select id from loms order by id limit 200) s),
      verbs(i, type, action) as (values
        (0, 1, 'message.verify'), (1, 1, 'message.archive'), (2, 1, 'message.theme_add'), (3, 2, 'fragment.edit'),
        (4, 4, 'theme.rename'), (5, 5, 'info_reason.create'), (6, 6, 'lom.update'), (7, 1, 'message.se_verify'),
        (8, 5, 'info_reason.archive'), (9, 6, 'lom.favourite_add'))
    insert into user_actions (user_id, type, action, message_id, theme_id, info_reason_id, lom_id, old_value,
                              new_value, created_at)
    select who.ids[1 + g % array_length(who.ids, 1)], v.type, v.action,
           case when v.type in (1, 2) then m.ids[1 + (g * 37) % array_length(m.ids, 1)] end,
           case when v.i in (2, 4) then t.ids[1 + g % array_length(t.ids, 1)] end,
           case when v.type = 5 then r.ids[1 + (g * 13) % array_length(r.ids, 1)] end,
           case when v.type = 6 then l.ids[1 + (g * 7) % array_length(l.ids, 1)] end,
           case v.action
             when 'theme.rename' then to_jsonb(t.names[1 + g % array_length(t.names, 1)])
             when 'lom.update' then jsonb_build_object('Город', 'Москва')
             when 'message.theme_add' then jsonb_build_object('theme_id', null, 'markup_themes', '[]'::jsonb)
             -- A fragment edit logs the fragment's fields, as the server writes them (features/fragments).
             when 'fragment.edit' then jsonb_build_object('mood', 3)
             when 'info_reason.create' then null
             when 'lom.favourite_add' then null
             else to_jsonb(false) end,
           case v.action
             when 'theme.rename' then to_jsonb(t.names[1 + g % array_length(t.names, 1)] || ' (уточнено)')
             when 'lom.update' then jsonb_build_object('Город', 'Санкт-Петербург')
             when 'message.theme_add' then jsonb_build_object('theme_id', t.ids[1 + g % array_length(t.ids, 1)],
                                                              'markup_themes', '[]'::jsonb)
             when 'fragment.edit' then jsonb_build_object('mood', (array[1, 2, 4, 5, 6])[1 + (g / 10) % 5])
             when 'info_reason.create' then to_jsonb('Инфоповод №' || r.ids[1 + (g * 13) % array_length(r.ids, 1)])
             when 'lom.favourite_add' then null
             else to_jsonb(true) end,
           -- Newest first from now: g = 1 is a minute ago, g = 2400 thirty days ago.
           now() - (g::double precision / 2400) * interval '30 days'
      from generate_series(1, 2400) g
      cross join who cross join m cross join t cross join r cross join l
      join verbs v on v.i = g % 10
     where array_length(who.ids, 1) > 0 and array_length(m.ids, 1) > 0 and array_length(t.ids, 1) > 0
       and array_length(r.ids, 1) > 0 and array_length(l.ids, 1) > 0`);
}
