import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';

// The admin panel's demo (docs/admin-loms.md): account names, accounts the crawler found without
// a lom (most with a plausible lom for «Загрузить вероятных ЛОМ», some with none), two duplicate
// loms worth merging, and three mlg reports by number. Runs after the bulk load, through the
// triggers, so the rollups stay exact. Deterministic: everything is picked by id.

interface LomPick {
  id: number;
  name: string;
  url: string;
  source_name: string;
}

/** Accounts nobody has claimed: plausible names that match no demo lom. */
const STRANGERS = [
  { name: 'Дневник садовода Петровича', handle: 'dnevnik_sadovoda_petrovicha', platform: 'ВКонтакте' },
  { name: 'Рыбалка на Оке', handle: 'rybalka_na_oke_club', platform: 'Telegram' },
  { name: 'Авто из Японии 25', handle: 'avto_iz_yaponii_25', platform: 'Telegram' },
  { name: 'Бабушкины рецепты', handle: 'babushkiny_retsepty', platform: 'Одноклассники' },
  { name: 'Котики по утрам', handle: 'kotiki_po_utram', platform: 'ВКонтакте' },
] as const;

const HOSTS: Record<string, string> = {
  Telegram: 'https://t.me/',
  ВКонтакте: 'https://vk.com/',
  Одноклассники: 'https://ok.ru/',
  YouTube: 'https://www.youtube.com/@',
};

export async function seedAdminLoms(db: Db): Promise<void> {
  // The account name of every account: its author name on its latest message (as migration 0017).
  await db.execute(sql`
    update lom_sources ls set account_name = m.lom_name
      from (select distinct on (lom_source_id) lom_source_id, lom_name from messages
             where lom_source_id is not null and lom_name is not null order by lom_source_id, wrote_at desc) m
     where m.lom_source_id = ls.id and ls.account_name is null`);
  const platforms = new Map(
    (await queryRows<{ id: number; name: string }>(db, sql`select id, name from sources`)).map((s) => [
      s.name,
      s.id,
    ]),
  );
  // Active loms with a Telegram or VK account whose address ends in a handle.
  const picks = await queryRows<LomPick>(
    db,
    sql`select distinct on (l.id) l.id, l.name, ls.url, s.name as source_name
          from loms l join lom_sources ls on ls.lom_id = l.id join sources s on s.id = ls.source_id
         where l.is_active and not l.archived and s.name in ('Telegram', 'ВКонтакте')
         order by l.id, ls.id limit 12`,
  );
  if (picks.length < 6 || platforms.size === 0) return;
  const rows: { url: string; name: string | null; platform: string; coverage: number }[] = [];
  picks.slice(0, 4).forEach((lom, i) => {
    // The same handle on the other platform → «handle».
    const handle = lom.url.replace(/\/+$/, '').split('/').pop() ?? '';
    const platform = lom.source_name === 'Telegram' ? 'ВКонтакте' : 'Telegram';
    rows.push({ url: `${HOSTS[platform]}${handle}`, name: null, platform, coverage: 800 + i * 350 });
  });
  picks.slice(4, 6).forEach((lom, i) => {
    // The lom's name, as a fan page writes it → «name».
    const [surname, first] = lom.name.split(' ');
    rows.push({
      url: `https://ok.ru/group/5${String(lom.id).padStart(10, '0')}`,
      name: first ? `${first} ${surname}` : lom.name,
      platform: 'Одноклассники',
      coverage: 450 + i * 120,
    });
  });
  const twin = picks[6];
  if (twin) {
    // The same account entered again with another spelling of its address → «url».
    rows.push({
      url: twin.url.replace('https://', 'http://www.').concat('/'),
      name: null,
      platform: twin.source_name,
      coverage: 0,
    });
  }
  for (const [i, stranger] of STRANGERS.entries()) {
    rows.push({
      url: `${HOSTS[stranger.platform]}${stranger.handle}`,
      name: stranger.name,
      platform: stranger.platform,
      coverage: 300 + i * 90,
    });
  }
  const unbound: number[] = [];
  for (const row of rows) {
    const sourceId = platforms.get(row.platform);
    if (sourceId === undefined) continue;
    const [inserted] = await queryRows<{ id: number }>(
      db,
      sql`insert into lom_sources (lom_id, source_id, url, account_name, coverage, is_active)
          values (null, ${sourceId}, ${row.url}, ${row.name}, ${row.coverage}, true) returning id`,
    );
    if (inserted) unbound.push(inserted.id);
  }

  // Two duplicates: a lom renamed to the name of another, as an import that did not recognise
  // the person's other account makes one (the lom count stays the one asked for).
  for (const [original, copy] of [
    [picks[8], picks[9]],
    [picks[10], picks[11]],
  ]) {
    if (!original || !copy) continue;
    await db.execute(sql`
      update loms d set name = o.name, middlename = o.middlename, nickname = null
        from loms o where o.id = ${original.id} and d.id = ${copy.id}`);
  }

  // Mlg reports: accounts of a few loms and some unbound accounts; the first one loaded.
  const bound = await queryRows<{ id: number }>(
    db,
    sql`select id from lom_sources where lom_id is not null and is_active order by id limit 30`,
  );
  const reports = [
    { reportId: 48211, title: 'Мониторинг блогеров региона, апрель', from: 0, loaded: true },
    { reportId: 48230, title: null, from: 10, loaded: false },
    { reportId: 48305, title: 'Городские паблики', from: 20, loaded: false },
  ];
  for (const [i, report] of reports.entries()) {
    const [group] = await queryRows<{ id: number }>(
      db,
      sql`insert into lom_groups (title, public, report_id, owner_id, is_lomsource)
          values (${report.title}, true, ${report.reportId}, null, true) returning id`,
    );
    if (!group) continue;
    const accounts = [
      ...bound.slice(report.from, report.from + 10).map((b) => b.id),
      ...unbound.slice(i * 3, i * 3 + 3),
    ];
    if (accounts.length === 0) continue;
    await db.execute(sql`insert into lom_group_lom_sources (group_id, lom_source_id)
                         select ${group.id}::int, k from unnest(${`{${accounts.join(',')}}`}::int[]) as k`);
    if (report.loaded) {
      await db.execute(sql`insert into lom_group_loms (group_id, lom_id)
        select distinct ${group.id}::int, ls.lom_id from lom_group_lom_sources gs join lom_sources ls on ls.id = gs.lom_source_id
         where gs.group_id = ${group.id} and ls.is_active and ls.lom_id is not null`);
      await db.execute(sql`update lom_groups set last_processed = now() where id = ${group.id}`);
    }
  }
}
