import './info-reasons.css';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import type { InfoReasonItem } from '@monitoring/contracts';
import { Button, Tooltip } from 'antd';
import { useSwitchInfoReasonFavourite } from '../../api/info-reasons.ts';

/** The star of an info reason: adds it to the user's favourites or takes it out. */
export function InfoReasonFavouriteToggle({
  item,
}: {
  item: Pick<InfoReasonItem, 'id' | 'name' | 'is_favorite'>;
}) {
  const toggle = useSwitchInfoReasonFavourite();
  const label = item.is_favorite ? 'Убрать инфоповод из избранного' : 'Добавить инфоповод в избранное';
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={`${label}: ${item.name}`}
        aria-pressed={item.is_favorite}
        icon={item.is_favorite ? <StarFilled className="info-reasons-table__star" /> : <StarOutlined />}
        onClick={() => toggle.mutate({ id: item.id, isFavorite: !item.is_favorite })}
      />
    </Tooltip>
  );
}
