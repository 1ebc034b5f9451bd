import type { InfoReasonItem } from '@monitoring/contracts';
import { useUpdateTargetTonality } from '../../api/info-reasons.ts';
import { useCan } from '../../api/useCan.ts';
import { MoodSelect } from '../MoodSelect.tsx';
import { MoodTag } from '../MoodTag.tsx';

/** The target tonality: set at once, put back unless the server answers 200 (product.md §4). */
export function TargetTonalitySelect({
  item,
}: {
  item: Pick<InfoReasonItem, 'id' | 'name' | 'target_tonality'>;
}) {
  const can = useCan();
  const update = useUpdateTargetTonality();
  if (!can('EDIT_INFO_REASON')) return <MoodTag mood={item.target_tonality} />;
  return (
    <MoodSelect
      size="small"
      aria-label={`Целевая тональность: ${item.name}`}
      placeholder="Не задана"
      value={item.target_tonality}
      onChange={(tonality) => update.mutate({ id: item.id, tonality })}
    />
  );
}
