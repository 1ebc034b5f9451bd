import './lom-groups.css';
import { type LomGroupItem, type LomOrdering, lomGroupTitle, type QueryParams } from '@monitoring/contracts';
import { Alert, Button, Modal, Progress, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { isAbortError } from '../../api/api-error.ts';
import { type DownloadedFile, type DownloadProgress, saveFile } from '../../api/download.ts';
import {
  downloadChosenLoms,
  downloadFilteredLoms,
  downloadGroupReport,
  type LomReportPeriod,
  useLomGroups,
} from '../../api/lom-groups.ts';
import { formatDate, formatMegabytes } from '../../lib/format.ts';
import { useDebouncedValue } from '../../lib/useDebouncedValue.ts';
import { useFeedback } from '../../ui/feedback.ts';
import { REPORT_TEXTS as TEXTS } from './lom-groups-texts.ts';

export type LomReportKind = 'chosen' | 'filtered' | 'group';

/** A rough size of one lom row in the zipped sheet, for the progress bar (the file streams without a length). */
const BYTES_PER_LOM = 220;
const BYTES_BASE = 8_000;
/** Groups offered at a time; the search narrows them on the server. */
const GROUP_OPTIONS = 50;

const TITLES: Record<LomReportKind, string> = {
  chosen: TEXTS.chosenTitle,
  filtered: TEXTS.filteredTitle,
  group: TEXTS.groupTitle,
};

function text(value: QueryParams[string]): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The period and order of the list filter, which the chosen-loms and group reports share. */
export function reportPeriod(filter: QueryParams): LomReportPeriod {
  return {
    wrote_at_after: text(filter.wrote_at_after) ?? text(filter.message__wrote_at_after),
    wrote_at_before: text(filter.wrote_at_before) ?? text(filter.message__wrote_at_before),
    ordering: text(filter.ordering) as LomOrdering | undefined,
  };
}

function periodText({ wrote_at_after: after, wrote_at_before: before }: LomReportPeriod): string {
  if (after && before)
    return after === before ? formatDate(after) : `${formatDate(after)} — ${formatDate(before)}`;
  if (after) return `с ${formatDate(after)}`;
  if (before) return `по ${formatDate(before)}`;
  return TEXTS.allTime;
}

/** The found groups, and the chosen one even when the search no longer finds it. */
function groupOptions(found: readonly LomGroupItem[], chosen: LomGroupItem | null) {
  const list = chosen && !found.some((g) => g.id === chosen.id) ? [chosen, ...found] : found;
  return list.map((g) => ({ value: g.id, label: lomGroupTitle(g) }));
}

function percent(progress: DownloadProgress | null): number | undefined {
  if (!progress?.total) return undefined;
  return Math.min(99, Math.round((progress.loaded * 100) / progress.total));
}

/** One lom report: what goes in, then the download with its progress; closing cancels it. */
export function LomReportDialog({
  kind,
  filterQuery,
  selectedLomIds,
  onClose,
}: {
  kind: LomReportKind | null;
  filterQuery: QueryParams;
  selectedLomIds: readonly number[];
  onClose: () => void;
}) {
  const { message } = useFeedback();
  const [groupSearch, setGroupSearch] = useState('');
  const [group, setGroup] = useState<LomGroupItem | null>(null);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const search = useDebouncedValue(groupSearch, 300);
  const groups = useLomGroups({ search: search || undefined, page_size: GROUP_OPTIONS }, kind === 'group');
  const period = reportPeriod(filterQuery);

  useEffect(() => () => controller.current?.abort(), []);

  const close = () => {
    controller.current?.abort();
    controller.current = null;
    setDownloading(false);
    setProgress(null);
    setError(null);
    setGroup(null);
    setGroupSearch('');
    onClose();
  };

  const start = (signal: AbortSignal): Promise<DownloadedFile> | null => {
    const options = { signal, onProgress: setProgress };
    if (kind === 'chosen') {
      const expectedBytes = BYTES_BASE + selectedLomIds.length * BYTES_PER_LOM;
      return downloadChosenLoms(selectedLomIds, period, { ...options, expectedBytes });
    }
    if (kind === 'group' && group) {
      const expectedBytes = BYTES_BASE + group.loms_count * BYTES_PER_LOM;
      return downloadGroupReport(group.id, period, { ...options, expectedBytes });
    }
    if (kind === 'filtered') return downloadFilteredLoms(filterQuery, options);
    return null;
  };

  const download = async () => {
    const abort = new AbortController();
    const pending = start(abort.signal);
    if (!pending) return;
    controller.current = abort;
    setError(null);
    setDownloading(true);
    const hide = message.loading(TEXTS.preparing, 0);
    try {
      const file = await pending;
      saveFile(file);
      message.success(TEXTS.ready(file.filename));
      close();
    } catch (failure) {
      if (!isAbortError(failure)) {
        setDownloading(false);
        setError(failure instanceof Error ? failure.message : TEXTS.failed);
      }
    } finally {
      hide();
    }
  };

  const ready =
    (kind === 'chosen' && selectedLomIds.length > 0) ||
    kind === 'filtered' ||
    (kind === 'group' && group !== null);

  return (
    <Modal
      open={kind !== null}
      title={kind ? TITLES[kind] : undefined}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          {downloading ? TEXTS.cancel : TEXTS.close}
        </Button>,
        <Button key="download" type="primary" loading={downloading} disabled={!ready} onClick={download}>
          {TEXTS.download}
        </Button>,
      ]}
    >
      {kind === 'chosen' ? (
        <p className="lom-report__summary">{TEXTS.chosenSummary(selectedLomIds.length)}</p>
      ) : null}
      {kind === 'filtered' ? <p className="lom-report__summary">{TEXTS.filteredSummary}</p> : null}
      {kind === 'group' ? (
        <>
          <Select
            aria-label={TEXTS.groupPick}
            placeholder={TEXTS.groupPick}
            className="lom-report__group"
            style={{ width: '100%' }}
            showSearch={{ filterOption: false, onSearch: setGroupSearch }}
            loading={groups.isFetching}
            value={group?.id}
            onChange={(value: number) =>
              setGroup(
                groups.data?.results.find((g) => g.id === value) ?? (group?.id === value ? group : null),
              )
            }
            notFoundContent={groups.isFetching ? null : TEXTS.noGroups}
            options={groupOptions(groups.data?.results ?? [], group)}
          />
          {group ? <p className="lom-report__summary">{TEXTS.groupSummary(group.loms_count)}</p> : null}
        </>
      ) : null}
      <p className="muted">{TEXTS.period(periodText(period))}</p>
      {error ? <Alert type="error" showIcon title={TEXTS.failed} description={error} /> : null}
      {downloading ? (
        <Progress
          percent={percent(progress)}
          status="active"
          format={() => (progress ? formatMegabytes(progress.loaded) : '')}
          aria-label={TEXTS.progress}
        />
      ) : null}
    </Modal>
  );
}
