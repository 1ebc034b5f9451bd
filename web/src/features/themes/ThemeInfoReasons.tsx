import { Alert } from 'antd';
import { useState } from 'react';
import { useInfoReasonList } from '../../api/info-reasons.ts';
import { useThemeDetail } from '../../api/themes.ts';
import { InfoReasonTable } from '../../ui/info-reasons/InfoReasonTable.tsx';

const PAGE_SIZE = 25;

/**
 * The info reasons of one theme, archived ones and those made by AI included. The theme
 * card names them all (by name); the list is asked for one page of those ids
 * (`id_in`, which the list's `ai=false` default does not apply to) with `theme_in`, so
 * an info reason moved away meanwhile drops out.
 */
export function ThemeInfoReasons({
  themeId,
  size = 'middle',
}: {
  themeId: number;
  size?: 'small' | 'middle';
}) {
  const [page, setPage] = useState(1);
  const theme = useThemeDetail(themeId);
  const ids = theme.data?.info_reasons.map((reason) => reason.id) ?? [];
  const pageIds = ids.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const list = useInfoReasonList(
    { id_in: pageIds, theme_in: [themeId], page: 1, page_size: PAGE_SIZE, ordering: 'name' },
    pageIds.length > 0,
  );
  const error = theme.error ?? list.error;
  if (error) {
    return (
      <Alert type="error" showIcon title="Не удалось загрузить инфоповоды темы" description={error.message} />
    );
  }
  const rows = pageIds.length > 0 ? (list.data?.results ?? []) : [];
  return (
    <InfoReasonTable
      rows={rows}
      loading={theme.isPending || (pageIds.length > 0 && list.isFetching)}
      inTheme
      size={size}
      emptyText="У темы нет инфоповодов"
      pagination={{ page, pageSize: PAGE_SIZE, total: ids.length, onPage: setPage }}
    />
  );
}
