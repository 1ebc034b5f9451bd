import type { Db } from '../../db/client.ts';
import { reports } from '../../db/schema/index.ts';
import type { DownloadSnapshot } from './generated-report.ts';

/** A row of the reports list for a file sent as a download (the file itself is not kept). */
export async function insertDownloadRecord(
  db: Db,
  values: {
    userId: number;
    name: string;
    reportType: string;
    mimeType: string;
    size: number | null;
    snapshot: DownloadSnapshot;
  },
): Promise<number> {
  const [row] = await db
    .insert(reports)
    .values({
      userId: values.userId,
      name: values.name,
      reportType: values.reportType,
      status: 'done',
      fileName: values.name,
      mimeType: values.mimeType,
      size: values.size,
      snapshot: values.snapshot,
    })
    .returning({ id: reports.id });
  return row.id;
}
