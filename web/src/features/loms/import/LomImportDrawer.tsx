import './lom-import.css';
import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer } from 'antd';
import { useState } from 'react';
import {
  type ClientExcelOptions,
  downloadClientExcelTemplate,
  useUploadClientExcel,
} from '../../../api/client-excel.ts';
import { useCan } from '../../../api/useCan.ts';
import { ImportColumns } from './ImportColumns.tsx';
import { ImportResult } from './ImportResult.tsx';
import { ImportUploader } from './ImportUploader.tsx';
import { TEXTS } from './texts.ts';
import { UploadHistory } from './UploadHistory.tsx';
import { useFileDownload } from './useFileDownload.ts';

const NO_OPTIONS: ClientExcelOptions = { force_create_lom: false, update_flag: false };

/**
 * «Импорт ЛОМ из Excel» (api.md §7.4, docs/client-excel.md): the file's columns and
 * template, the two options, the upload with its result, and the upload history.
 */
export function LomImportDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const can = useCan();
  const canCreate = can('CREATE_LOM');
  const canUpdate = can('EDIT_LOM');
  const [options, setOptions] = useState<ClientExcelOptions>(NO_OPTIONS);
  const [rejected, setRejected] = useState<string | null>(null);
  const upload = useUploadClientExcel();
  const downloads = useFileDownload();

  const send = (file: File) => {
    setRejected(null);
    upload.mutate({ file, options: { ...options, update_flag: canUpdate && options.update_flag } });
  };
  const reject = (reason: string) => {
    upload.reset();
    setRejected(reason);
  };
  const close = () => {
    if (!upload.isPending) {
      upload.reset();
      setRejected(null);
    }
    onClose();
  };
  // The server's own words on a refused file (a 400 names the reason in Russian).
  const failure = rejected ?? (upload.isError ? upload.error.message : null);

  return (
    <Drawer title={TEXTS.title} open={open} onClose={close} size={1200} rootClassName="lom-import-drawer">
      <div className="lom-import">
        <section aria-label={TEXTS.columnsTitle}>
          <p className="lom-import__intro">{TEXTS.intro}</p>
          <Button
            icon={<DownloadOutlined />}
            loading={downloads.pending === 'template'}
            disabled={downloads.pending !== null}
            onClick={() => downloads.run('template', downloadClientExcelTemplate)}
          >
            {TEXTS.template}
          </Button>
          <h3 className="lom-import__section-title">{TEXTS.columnsTitle}</h3>
          <ImportColumns />
        </section>

        {canCreate ? (
          <section aria-label={TEXTS.optionsTitle}>
            <ImportUploader
              options={options}
              onOptionsChange={setOptions}
              canUpdate={canUpdate}
              uploading={upload.isPending ? upload.variables.file.name : null}
              onFile={send}
              onRejected={reject}
            />
          </section>
        ) : (
          <Alert type="info" showIcon title={TEXTS.noCreateRight} />
        )}

        {failure ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={TEXTS.uploadFailed}
            description={<span data-testid="lom-import-error">{failure}</span>}
          />
        ) : null}
        {upload.isSuccess ? <ImportResult upload={upload.data} downloads={downloads} /> : null}

        <section aria-label={TEXTS.historyTitle}>
          <h3 className="lom-import__section-title">{TEXTS.historyTitle}</h3>
          {open ? <UploadHistory downloads={downloads} /> : null}
        </section>
      </div>
    </Drawer>
  );
}
