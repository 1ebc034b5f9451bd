/**
 * Times one client Excel import of 10,000 rows (issue 4: ≤ 20 s): half the rows
 * match existing accounts and update their loms, half create loms and accounts.
 * The time covers reading the workbook, checking rows, all writes, and building
 * and storing both result files, in one transaction, as POST client-excel/ does.
 *
 *   npx tsx bench/client-excel-import.ts [--rows 10000]
 *   DATABASE_URL=postgres://…/scratch npx tsx bench/client-excel-import.ts
 *
 * Without DATABASE_URL it runs on a fresh in-memory PGlite. With it, use a
 * scratch database: the script adds its own user, loms and accounts and deletes
 * them afterwards.
 */
import { parseArgs } from 'node:util';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { openDatabase } from '../src/db/client.ts';
import { excelUploads, lomSources, loms, sources, users } from '../src/db/schema/index.ts';
import { importClientExcel } from '../src/features/client-excel/service.ts';

const { values: args } = parseArgs({ options: { rows: { type: 'string', default: '10000' } } });
const rows = Number(args.rows);
const tag = `bench${Date.now().toString(36)}`;

const database = openDatabase({ url: process.env.DATABASE_URL });
await database.migrate();
const db = database.db;

let [vk] = await db.select().from(sources).where(sql`name = 'ВКонтакте'`);
if (!vk)
  [vk] = await db.insert(sources).values({ name: 'ВКонтакте', icon: 'vk', host: 'vk.com' }).returning();
const [user] = await db
  .insert(users)
  .values({
    username: tag,
    email: `${tag}@example.test`,
    passwordHash: await hash('bench-password'),
    role: 2,
  })
  .returning();

const existing = Math.floor(rows / 2);
const lomIds: number[] = [];
for (let i = 0; i < existing; i += 1000) {
  const part = await db
    .insert(loms)
    .values(Array.from({ length: Math.min(1000, existing - i) }, (_, j) => ({ name: `${tag} ЛОМ ${i + j}` })))
    .returning({ id: loms.id });
  lomIds.push(...part.map((r) => r.id));
}
for (let i = 0; i < existing; i += 1000) {
  await db.insert(lomSources).values(
    lomIds.slice(i, i + 1000).map((lomId, j) => ({
      lomId,
      sourceId: vk.id,
      url: `https://vk.com/${tag}_old_${i + j}`,
      coverage: 100,
    })),
  );
}

const workbook = new ExcelJS.Workbook();
const sheet = workbook.addWorksheet('ЛОМ');
sheet.addRow(['Ссылка на аккаунт', 'Площадка', 'Имя', 'Подписчики', 'Дата рождения', 'Категория', 'Сегмент']);
for (let i = 0; i < rows; i++) {
  const old = i < existing;
  sheet.addRow([
    old ? `https://vk.com/${tag}_old_${i}` : `https://vk.com/${tag}_new_${i}`,
    'ВКонтакте',
    `${tag} Имя ${i}`,
    1000 + i,
    '01.02.1990',
    'Персона',
    'Региональный',
  ]);
}
const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());

const started = performance.now();
const result = await importClientExcel(
  db,
  { id: user.id, tokenId: 0, username: user.username, role: 2, ui_permissions: [], extra_permissions: [] },
  { fileName: `${tag}.xlsx`, bytes },
  { force_create_lom: true, update_flag: true },
);
const seconds = (performance.now() - started) / 1000;
console.log(
  `${database.kind}: imported ${result.rows_total} rows (${result.loms_created} created, ${result.loms_updated} updated, ${result.errors_count} errors; file ${(bytes.length / 1024).toFixed(0)} KB) in ${seconds.toFixed(2)} s`,
);

// Leave a shared database as it was.
await db.execute(sql`delete from loms where name like ${`${tag} %`}`);
await db.execute(sql`delete from lom_sources where url like ${`https://vk.com/${tag}_%`}`);
await db.execute(sql`delete from ${excelUploads} where user_id = ${user.id}`);
await db.execute(sql`delete from users where id = ${user.id}`);
await database.close();
if (seconds > 20) process.exitCode = 1;
