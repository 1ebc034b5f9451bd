import type { InfoReasonItem } from '@monitoring/contracts';
import { useSwitchInfoReasonFavourite } from '../../api/info-reasons.ts';
import { FavouriteStar } from '../FavouriteStar.tsx';

const LABELS = { add: 'Добавить инфоповод в избранное', remove: 'Убрать инфоповод из избранного' };

/** The star of an info reason: adds it to the user's favourites or takes it out. */
export function InfoReasonFavouriteToggle({
  item,
}: {
  item: Pick<InfoReasonItem, 'id' | 'name' | 'is_favorite'>;
}) {
  const toggle = useSwitchInfoReasonFavourite();
  return (
    <FavouriteStar
      name={item.name}
      isFavorite={item.is_favorite}
      labels={LABELS}
      onToggle={() => toggle.mutate({ id: item.id, isFavorite: !item.is_favorite })}
    />
  );
}
