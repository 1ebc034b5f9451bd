import { InboxOutlined } from '@ant-design/icons';
import { CLIENT_EXCEL_MAX_BYTES } from '@monitoring/contracts';
import { Checkbox, Spin, Upload } from 'antd';
import type { ClientExcelOptions } from '../../../api/client-excel.ts';
import { TEXTS } from './texts.ts';

const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface ImportUploaderProps {
  options: ClientExcelOptions;
  onOptionsChange: (options: ClientExcelOptions) => void;
  /** update_flag needs EDIT_LOM. */
  canUpdate: boolean;
  /** The name of the file being sent, or null. */
  uploading: string | null;
  /** A file that passed the browser's checks. */
  onFile: (file: File) => void;
  /** A file the browser refused, with the reason. */
  onRejected: (reason: string) => void;
}

/** What the browser can tell before sending: the extension, the size, an empty file. The server checks the rest. */
export function rejectReason(file: { name: string; size: number }): string | null {
  if (!/\.xlsx$/i.test(file.name)) return TEXTS.notXlsx(file.name);
  if (file.size === 0) return TEXTS.emptyFile(file.name);
  if (file.size > CLIENT_EXCEL_MAX_BYTES) return TEXTS.tooBig(file.name);
  return null;
}

/** The two options of the import and the drop zone of the file. */
export function ImportUploader({
  options,
  onOptionsChange,
  canUpdate,
  uploading,
  onFile,
  onRejected,
}: ImportUploaderProps) {
  return (
    <div className="lom-import__uploader">
      <fieldset className="lom-import__options">
        <legend>{TEXTS.optionsTitle}</legend>
        <div className="lom-import__option">
          <Checkbox
            checked={options.force_create_lom}
            disabled={uploading !== null}
            onChange={(event) => onOptionsChange({ ...options, force_create_lom: event.target.checked })}
          >
            {TEXTS.forceCreate}
          </Checkbox>
          <p className="lom-import__hint muted">{TEXTS.forceCreateHint}</p>
        </div>
        <div className="lom-import__option">
          <Checkbox
            checked={canUpdate && options.update_flag}
            disabled={!canUpdate || uploading !== null}
            onChange={(event) => onOptionsChange({ ...options, update_flag: event.target.checked })}
          >
            {TEXTS.updateFlag}
          </Checkbox>
          <p className="lom-import__hint muted">
            {canUpdate ? TEXTS.updateFlagHint : TEXTS.updateFlagForbidden}
          </p>
        </div>
      </fieldset>
      <Spin spinning={uploading !== null} description={uploading ? TEXTS.uploading(uploading) : undefined}>
        <Upload.Dragger
          // The picker offers .xlsx only; a dropped file of another kind still reaches beforeUpload
          // (filter 'native'), so the user is told why it is refused instead of nothing happening.
          accept={{ format: XLSX_ACCEPT, filter: 'native' }}
          multiple={false}
          maxCount={1}
          showUploadList={false}
          disabled={uploading !== null}
          beforeUpload={(file) => {
            const reason = rejectReason(file);
            if (reason) onRejected(reason);
            else onFile(file);
            // The file is sent by the page, not by Upload's own request.
            return Upload.LIST_IGNORE;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{TEXTS.dropTitle}</p>
          <p className="ant-upload-hint">{TEXTS.dropHint}</p>
        </Upload.Dragger>
      </Spin>
    </div>
  );
}
