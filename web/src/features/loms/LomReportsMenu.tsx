import { DownloadOutlined } from '@ant-design/icons';
import type { QueryParams } from '@monitoring/contracts';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { LomReportDialog, type LomReportKind } from './LomReportDialog.tsx';
import { REPORT_TEXTS as TEXTS } from './lom-groups-texts.ts';

/**
 * «Отчёты» of the /loms page (api.md §7.9): Excel of the loms selected in the table, of the
 * list filter, or of a lom group, each with the list's period and order.
 */
export function LomReportsMenu({
  filterQuery,
  selectedLomIds,
}: {
  filterQuery: QueryParams;
  selectedLomIds: readonly number[];
}) {
  const [kind, setKind] = useState<LomReportKind | null>(null);
  const selected = selectedLomIds.length;
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            {
              key: 'chosen',
              label: selected > 0 ? TEXTS.chosenCount(selected) : TEXTS.chosen,
              disabled: selected === 0,
            },
            { key: 'filtered', label: TEXTS.filtered },
            { key: 'group', label: TEXTS.group },
          ],
          onClick: ({ key }) => setKind(key as LomReportKind),
        }}
      >
        <Button icon={<DownloadOutlined />}>{TEXTS.menu}</Button>
      </Dropdown>
      <LomReportDialog
        kind={kind}
        filterQuery={filterQuery}
        selectedLomIds={selectedLomIds}
        onClose={() => setKind(null)}
      />
    </>
  );
}
