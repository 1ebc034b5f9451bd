import type { ClientExcelUpload } from '@monitoring/contracts';
import { Alert } from 'antd';
import { formatExact } from '../../../lib/format.ts';
import { TEXTS } from './texts.ts';
import { UploadFiles } from './UploadFiles.tsx';
import type { useFileDownload } from './useFileDownload.ts';

interface ImportResultProps {
  upload: ClientExcelUpload;
  downloads: ReturnType<typeof useFileDownload>;
}

/** The summary of the upload just made: its counts and its two files. */
export function ImportResult({ upload, downloads }: ImportResultProps) {
  const counts = [
    { key: 'rows', label: TEXTS.rowsTotal, value: upload.rows_total },
    { key: 'created', label: TEXTS.created, value: upload.loms_created },
    { key: 'updated', label: TEXTS.updated, value: upload.loms_updated },
    { key: 'matched', label: TEXTS.matched, value: upload.rows_matched },
    { key: 'errors', label: TEXTS.errors, value: upload.errors_count },
  ];
  return (
    <Alert
      className="lom-import__result"
      type={upload.errors_count > 0 ? 'warning' : 'success'}
      showIcon
      title={TEXTS.resultTitle(upload.file_name)}
      description={
        <section aria-label="Итог загрузки">
          <dl className="lom-import__counts">
            {counts.map((c) => (
              <div key={c.key} className="lom-import__count" data-count={c.key}>
                <dt>{c.label}</dt>
                <dd>{formatExact(c.value)}</dd>
              </div>
            ))}
          </dl>
          {upload.errors_count > 0 ? <p>{TEXTS.resultErrors}</p> : null}
          <UploadFiles upload={upload} downloads={downloads} />
        </section>
      }
    />
  );
}
