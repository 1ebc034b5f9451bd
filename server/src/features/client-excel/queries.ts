import { desc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { excelUploads, sources, uploadReports, users } from '../../db/schema/index.ts';
import { chunks, json } from '../../domain/editing/lom-source-queries.ts';
import { offsetOf } from '../../http/pagination.ts';
import type { Platform } from './parse.ts';

export async function listPlatforms(db: Db): Promise<Platform[]> {
  return db
    .select({ id: sources.id, name: sources.name, host: sources.host })
    .from(sources)
    .orderBy(sources.id);
}

export interface LomFields {
  name: string | null;
  birthDate: string | null;
  category: string | null;
  segment: string | null;
  typology: string | null;
  residence: string | null;
  agency: string | null;
  awards: string | null;
}

/** Fresh ids of the loms sequence, so a batch insert knows which row got which id. */
export async function nextLomIds(db: Db, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select nextval(pg_get_serial_sequence('loms', 'id'))::int as id from generate_series(1, ${count})`,
  );
  return rows.map((r) => r.id);
}

export async function insertLoms(db: Db, rows: readonly (LomFields & { id: number })[]): Promise<void> {
  for (const part of chunks(rows)) {
    await db.execute(sql`
      insert into loms (id, name, birth_date, category, segment, typology, residence_address, agency, awards, is_manual)
      select v.id, v.name, v.birth_date, v.category, v.segment, v.typology, v.residence, v.agency, v.awards, true
        from jsonb_to_recordset(${json(part.map(lomRecord))})
          as v(id int, name text, birth_date date, category text, segment text, typology text,
               residence text, agency text, awards text)`);
  }
}

/** Fields given in the file replace the lom's; empty cells keep what is there. */
export async function updateLoms(db: Db, rows: readonly (LomFields & { id: number })[]): Promise<void> {
  for (const part of chunks(rows)) {
    await db.execute(sql`
      update loms l set
        name = coalesce(v.name, l.name),
        birth_date = coalesce(v.birth_date, l.birth_date),
        category = coalesce(v.category, l.category),
        segment = coalesce(v.segment, l.segment),
        typology = coalesce(v.typology, l.typology),
        residence_address = coalesce(v.residence, l.residence_address),
        agency = coalesce(v.agency, l.agency),
        awards = coalesce(v.awards, l.awards)
        from jsonb_to_recordset(${json(part.map(lomRecord))})
          as v(id int, name text, birth_date date, category text, segment text, typology text,
               residence text, agency text, awards text)
       where l.id = v.id`);
  }
}

function lomRecord(r: LomFields & { id: number }) {
  return {
    id: r.id,
    name: r.name,
    birth_date: r.birthDate,
    category: r.category,
    segment: r.segment,
    typology: r.typology,
    residence: r.residence,
    agency: r.agency,
    awards: r.awards,
  };
}

export interface NewSource {
  lomId: number;
  platformId: number;
  url: string;
  coverage: number;
}

/** New accounts; answers their ids in the order given. */
export async function insertSources(db: Db, rows: readonly NewSource[]): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunks(rows)) {
    const inserted = await queryRows<{ id: number; ord: number }>(
      db,
      sql`with v as (
            select * from jsonb_to_recordset(${json(part.map((r, i) => ({ ord: i, lom_id: r.lomId, source_id: r.platformId, url: r.url, coverage: r.coverage })))})
              as v(ord int, lom_id int, source_id int, url text, coverage bigint)
          ), ins as (
            insert into lom_sources (lom_id, source_id, url, external_link, coverage, is_active)
            select lom_id, source_id, url, url, coverage, true from v order by ord
            returning id, url
          )
          select ins.id, v.ord from ins join v on v.url = ins.url`,
    );
    const byOrd = new Map(inserted.map((r) => [r.ord, r.id]));
    part.forEach((_, i) => {
      ids.push(byOrd.get(i) ?? 0);
    });
  }
  return ids;
}

/** Existing accounts: bind to a lom (when given) and set the subscribers (when given). */
export async function updateSources(
  db: Db,
  rows: readonly { id: number; lomId: number | null; coverage: number | null }[],
): Promise<void> {
  for (const part of chunks(rows)) {
    await db.execute(sql`
      update lom_sources ls set
        lom_id = coalesce(v.lom_id, ls.lom_id),
        coverage = coalesce(v.coverage, ls.coverage)
        from jsonb_to_recordset(${json(part.map((r) => ({ id: r.id, lom_id: r.lomId, coverage: r.coverage })))})
          as v(id int, lom_id int, coverage bigint)
       where ls.id = v.id`);
  }
}

export type NewUpload = typeof excelUploads.$inferInsert;

export async function insertUpload(db: Db, upload: NewUpload): Promise<number> {
  const [row] = await db.insert(excelUploads).values(upload).returning({ id: excelUploads.id });
  return row.id;
}

export async function insertUploadReport(db: Db, report: typeof uploadReports.$inferInsert): Promise<number> {
  const [row] = await db.insert(uploadReports).values(report).returning({ id: uploadReports.id });
  return row.id;
}

const uploadColumns = {
  id: excelUploads.id,
  fileName: excelUploads.fileName,
  userId: excelUploads.userId,
  username: users.username,
  createdAt: excelUploads.createdAt,
  finishedAt: excelUploads.finishedAt,
  status: excelUploads.status,
  forceCreateLom: excelUploads.forceCreateLom,
  updateFlag: excelUploads.updateFlag,
  rowsTotal: excelUploads.rowsTotal,
  lomsCreated: excelUploads.lomsCreated,
  lomsUpdated: excelUploads.lomsUpdated,
  errorsCount: excelUploads.errorsCount,
  reportFileName: excelUploads.reportFileName,
  logsFileName: excelUploads.logsFileName,
  uploadReportId: sql<
    number | null
  >`(select min(r.id) from upload_reports r where r.excel_upload_id = ${excelUploads.id})`,
};

export async function listUploads(db: Db, page: number, pageSize: number) {
  return db
    .select({ ...uploadColumns, total: sql<number>`count(*) over ()` })
    .from(excelUploads)
    .leftJoin(users, eq(users.id, excelUploads.userId))
    .orderBy(desc(excelUploads.createdAt), desc(excelUploads.id))
    .limit(pageSize)
    .offset(offsetOf(page, pageSize));
}

export type UploadRow = Awaited<ReturnType<typeof listUploads>>[number];

export async function countUploads(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(excelUploads);
  return row?.n ?? 0;
}

export async function getUpload(db: Db, id: number) {
  const [row] = await db
    .select({ ...uploadColumns, total: sql<number>`1` })
    .from(excelUploads)
    .leftJoin(users, eq(users.id, excelUploads.userId))
    .where(eq(excelUploads.id, id));
  return row ?? null;
}

export async function uploadFile(db: Db, id: number, which: 'report' | 'logs') {
  const [row] = await db
    .select(
      which === 'report'
        ? { name: excelUploads.reportFileName, body: excelUploads.reportFile }
        : { name: excelUploads.logsFileName, body: excelUploads.logsFile },
    )
    .from(excelUploads)
    .where(eq(excelUploads.id, id));
  return row ?? null;
}

export async function listUploadReports(db: Db, page: number, pageSize: number) {
  return db
    .select({
      id: uploadReports.id,
      name: uploadReports.name,
      excelUploadId: uploadReports.excelUploadId,
      fileName: uploadReports.fileName,
      userId: uploadReports.userId,
      username: users.username,
      createdAt: uploadReports.createdAt,
      total: sql<number>`count(*) over ()`,
    })
    .from(uploadReports)
    .leftJoin(users, eq(users.id, uploadReports.userId))
    .orderBy(desc(uploadReports.createdAt), desc(uploadReports.id))
    .limit(pageSize)
    .offset(offsetOf(page, pageSize));
}

export type UploadReportRow = Awaited<ReturnType<typeof listUploadReports>>[number];

export async function countUploadReports(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(uploadReports);
  return row?.n ?? 0;
}

export async function getUploadReport(db: Db, id: number) {
  const [row] = await db
    .select({
      id: uploadReports.id,
      userId: uploadReports.userId,
      excelUploadId: uploadReports.excelUploadId,
      name: uploadReports.name,
    })
    .from(uploadReports)
    .where(eq(uploadReports.id, id));
  return row ?? null;
}

/** Deleting an upload removes its files and, by cascade, its upload report. */
export async function deleteUpload(db: Db, id: number): Promise<void> {
  await db.delete(excelUploads).where(eq(excelUploads.id, id));
}

export async function deleteUploadReport(db: Db, id: number): Promise<void> {
  await db.delete(uploadReports).where(eq(uploadReports.id, id));
}
