import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type PersonalTagItem, TAG_NAME_MAX_LENGTH, type TagItem } from '@monitoring/contracts';
import { Alert, Button, Popconfirm, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useDeleteTag, usePersonalTagList, useSaveTag, useTagList } from '../../api/tags.ts';
import { formatCount, formatDate } from '../../lib/format.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { NameDialog } from '../../ui/NameDialog.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { TAGS_TEXTS } from './tags-texts.ts';
import { TAG_PAGE_SIZE, type TagsUrlPatch, type TagsUrlState } from './tags-url.ts';

/** A row of either list: the shared directory adds how many messages carry the tag and since when. */
type Row = PersonalTagItem & Partial<Pick<TagItem, 'messages_count' | 'created_at'>>;

interface TagsPanelProps {
  /** The user's own personal tags (product.md §3 "Personal tag") instead of the shared directory. */
  personal: boolean;
  state: TagsUrlState;
  onPatch: (patch: TagsUrlPatch) => void;
  /** The shared directory: EDIT_MESSAGE_ATTRIBUTES or ADMIN_PANEL create, rename, delete. One's own: always. */
  canEdit: boolean;
}

type Editing = { id?: number; name: string } | null;

/** A tag list of the profile (api.md §7.3 "Tags (v2)"): search, create, rename, delete. */
export function TagsPanel({ personal, state, onPatch, canEdit }: TagsPanelProps) {
  const texts = TAGS_TEXTS[personal ? 'personal' : 'shared'];
  const search = personal ? state.personalSearch : state.tagsSearch;
  const page = personal ? state.personalPage : state.tagsPage;
  // One panel shows one list for its whole life, so the hook it calls never changes.
  const useList = personal ? usePersonalTagList : useTagList;
  const list = useList({ page, page_size: TAG_PAGE_SIZE, search: search || undefined });
  const save = useSaveTag(personal);
  const remove = useDeleteTag(personal);
  const [editing, setEditing] = useState<Editing>(null);
  const patchList = (change: { search?: string; page: number }) =>
    onPatch(
      personal
        ? {
            personalPage: change.page,
            ...(change.search === undefined ? {} : { personalSearch: change.search }),
          }
        : { tagsPage: change.page, ...(change.search === undefined ? {} : { tagsSearch: change.search }) },
    );

  const columns: TableColumnsType<Row> = [{ key: 'name', title: texts.column, dataIndex: 'name' }];
  if (!personal) {
    columns.push(
      {
        key: 'messages_count',
        title: 'Сообщений',
        align: 'right',
        width: 140,
        render: (_, row) => formatCount(row.messages_count ?? 0),
      },
      {
        key: 'created_at',
        title: 'Создан',
        width: 140,
        render: (_, row) => formatDate(row.created_at ?? ''),
      },
    );
  }
  if (canEdit) {
    columns.push({
      key: 'actions',
      width: 110,
      render: (_, row) => (
        <Space size={4}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={`${texts.rename} ${row.name}`}
            onClick={() => setEditing({ id: row.id, name: row.name })}
          />
          <Popconfirm
            title={texts.confirmDelete(row.name)}
            description={texts.deleteEffect(row.messages_count ?? 0)}
            okText="Удалить"
            cancelText="Отмена"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync(row.id)}
          >
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${texts.delete} ${row.name}`} />
          </Popconfirm>
        </Space>
      ),
    });
  }

  return (
    <section className="tags-panel" aria-label={texts.region}>
      <div className="tags-panel__head">
        <div className="tags-panel__search">
          <SearchInput
            value={search}
            placeholder={texts.search}
            onSearch={(next) => patchList({ search: next ?? '', page: 1 })}
          />
        </div>
        {canEdit ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ name: '' })}>
            {texts.create}
          </Button>
        ) : null}
      </div>
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          message={texts.loadError}
          description={list.error instanceof Error ? list.error.message : undefined}
        />
      ) : null}
      <DataTable<Row>
        aria-label={texts.table}
        size="small"
        rowKey="id"
        columns={columns}
        rows={list.data?.results ?? []}
        loading={list.isFetching}
        empty={search ? 'Ничего не найдено' : texts.empty}
        paging={{
          page,
          pageSize: TAG_PAGE_SIZE,
          total: list.data?.elements_count ?? 0,
          onPage: (next) => patchList({ page: next }),
        }}
      />
      <NameDialog
        open={editing !== null}
        title={editing?.id === undefined ? texts.create : texts.rename}
        label="Название тега"
        initialName={editing?.name}
        okText={editing?.id === undefined ? 'Создать' : 'Сохранить'}
        maxLength={TAG_NAME_MAX_LENGTH}
        onSubmit={(name) => save.mutateAsync({ id: editing?.id, name })}
        onClose={() => setEditing(null)}
      />
    </section>
  );
}
