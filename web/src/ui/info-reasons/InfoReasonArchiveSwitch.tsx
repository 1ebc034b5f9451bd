import type { InfoReasonItem } from '@monitoring/contracts';
import { Switch } from 'antd';
import { useToggleInfoReasonArchive } from '../../api/info-reasons.ts';
import { useCan } from '../../api/useCan.ts';

/** The archive flag of an info reason: a switch for who may archive, «да» / «нет» for the rest. */
export function InfoReasonArchiveSwitch({
  item,
}: {
  item: Pick<InfoReasonItem, 'id' | 'name' | 'archived'>;
}) {
  const can = useCan();
  const toggle = useToggleInfoReasonArchive();
  if (!can('ARCHIVE_INFO_REASON')) return <span>{item.archived ? 'да' : 'нет'}</span>;
  return (
    <Switch
      size="small"
      aria-label={`В архиве: ${item.name}`}
      checked={item.archived}
      loading={toggle.isPending}
      onChange={() => toggle.mutate(item.id)}
    />
  );
}
