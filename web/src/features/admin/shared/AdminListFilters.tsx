import { Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { SearchInput } from '../../../ui/SearchInput.tsx';
import { type AdminListUrlState, fromTri, triValue } from './admin-list-url.ts';

interface AdminListFiltersProps {
  state: AdminListUrlState;
  patch: (change: Partial<AdminListUrlState>, options?: { replace?: boolean }) => void;
  searchPlaceholder: string;
  /** More filters after the common ones (the info reasons' theme). */
  children?: ReactNode;
}

/** Search, author (people / AI, people by default), archive and activity filters, all kept in the URL. */
export function AdminListFilters({ state, patch, searchPlaceholder, children }: AdminListFiltersProps) {
  return (
    <Space wrap className="admin-dirs__filters">
      <SearchInput
        value={state.search}
        placeholder={searchPlaceholder}
        onSearch={(search) => patch({ search: search ?? '' }, { replace: true })}
      />
      <Select
        aria-label="Кем создано"
        value={state.ai ? 'ai' : 'people'}
        style={{ width: 170 }}
        onChange={(value) => patch({ ai: value === 'ai' })}
        options={[
          { value: 'people', label: 'Созданы людьми' },
          { value: 'ai', label: 'Созданы ИИ' },
        ]}
      />
      <Select
        aria-label="Архив"
        value={triValue(state.archived)}
        style={{ width: 160 }}
        onChange={(value) => patch({ archived: fromTri(value) })}
        options={[
          { value: 'all', label: 'Архив: все' },
          { value: 'false', label: 'Не в архиве' },
          { value: 'true', label: 'В архиве' },
        ]}
      />
      <Select
        aria-label="Активность"
        value={triValue(state.active)}
        style={{ width: 160 }}
        onChange={(value) => patch({ active: fromTri(value) })}
        options={[
          { value: 'all', label: 'Активность: все' },
          { value: 'true', label: 'Активные' },
          { value: 'false', label: 'Неактивные' },
        ]}
      />
      {children}
    </Space>
  );
}
