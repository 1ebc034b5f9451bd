import './ui.css';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';

interface FavouriteStarProps {
  /** The item's name, read out with the label. */
  name: string;
  isFavorite: boolean;
  /** «Добавить в избранное» / «Убрать из избранного», in the item's words. */
  labels: { add: string; remove: string };
  onToggle: () => void;
}

/** The star of an item (a theme, an info reason): adds it to the user's favourites or takes it out. */
export function FavouriteStar({ name, isFavorite, labels, onToggle }: FavouriteStarProps) {
  const label = isFavorite ? labels.remove : labels.add;
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={`${label}: ${name}`}
        aria-pressed={isFavorite}
        icon={isFavorite ? <StarFilled className="favourite-star" /> : <StarOutlined />}
        onClick={onToggle}
      />
    </Tooltip>
  );
}
