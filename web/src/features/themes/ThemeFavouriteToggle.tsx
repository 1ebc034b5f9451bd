import { useSwitchThemeFavourite } from '../../api/themes.ts';
import { FavouriteStar } from '../../ui/FavouriteStar.tsx';

const LABELS = { add: 'Добавить в избранное', remove: 'Убрать из избранного' };

/** The star of a theme: adds it to the user's favourites or takes it out. */
export function ThemeFavouriteToggle({
  id,
  name,
  isFavorite,
}: {
  id: number;
  name: string;
  isFavorite: boolean;
}) {
  const toggle = useSwitchThemeFavourite();
  return (
    <FavouriteStar
      name={name}
      isFavorite={isFavorite}
      labels={LABELS}
      onToggle={() => toggle.mutate({ id, isFavorite: !isFavorite })}
    />
  );
}
