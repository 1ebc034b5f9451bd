import type { ThemeListItem } from '@monitoring/contracts';
import { Tag } from 'antd';

/** The marks of a theme next to its name. */
export function ThemeFlags({
  theme,
}: {
  theme: Pick<ThemeListItem, 'approved' | 'draft' | 'created_by_ai' | 'hidden' | 'archived' | 'active'>;
}) {
  return (
    <span className="themes-table__flags">
      {theme.created_by_ai ? <Tag color="purple">AI</Tag> : null}
      {theme.approved ? <Tag color="green">Одобрена</Tag> : null}
      {theme.draft ? <Tag>Черновик</Tag> : null}
      {theme.hidden ? <Tag>Скрыта</Tag> : null}
      {theme.archived ? <Tag color="orange">В архиве</Tag> : null}
      {theme.active ? null : <Tag>Неактивна</Tag>}
    </span>
  );
}
