import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { TAG_NAME_MAX_LENGTH, type TagItem } from '@monitoring/contracts';
import { Alert, Button, Popconfirm, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useDeleteTag, useSaveTag, useTagList } from '../../api/tags.ts';
import { formatCount, formatDate } from '../../lib/format.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { NameDialog } from '../../ui/NameDialog.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { TAG_PAGE_SIZE, type TagsUrlPatch, type TagsUrlState } from './tags-url.ts';

interface TagsPanelProps {
  state: TagsUrlState;
  onPatch: (patch: TagsUrlPatch) => void;
  /** EDIT_MESSAGE_ATTRIBUTES or ADMIN_PANEL: create, rename, delete. */
  canEdit: boolean;
}

type Editing = { id?: number; name: string } | null;

/** The shared tag directory (api.md §7.3 "Tags (v2)"): search, create, rename, delete. */
export function TagsPanel({ state, onPatch, canEdit }: TagsPanelProps) {
  const list = useTagList({
    page: state.tagsPage,
    page_size: TAG_PAGE_SIZE,
    search: state.tagsSearch || undefined,
  });
  const save = useSaveTag(false);
  const remove = useDeleteTag(false);
  const [editing, setEditing] = useState<Editing>(null);

  const columns: TableColumnsType<TagItem> = [
    { key: 'name', title: 'Тег', dataIndex: 'name' },
    {
      key: 'messages_count',
      title: 'Сообщений',
      align: 'right',
      width: 140,
      render: (_, row) => formatCount(row.messages_count),
    },
    { key: 'created_at', title: 'Создан', width: 140, render: (_, row) => formatDate(row.created_at) },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      width: 110,
      render: (_, row) => (
        <Space size={4}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={`Переименовать тег ${row.name}`}
            onClick={() => setEditing({ id: row.id, name: row.name })}
          />
          <Popconfirm
            title={`Удалить тег «${row.name}»?`}
            description={
              row.messages_count > 0
                ? `Он будет снят с ${formatCount(row.messages_count)} сообщ. и их фрагментов.`
                : 'Сообщений с этим тегом нет.'
            }
            okText="Удалить"
            cancelText="Отмена"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync(row.id)}
          >
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Удалить тег ${row.name}`} />
          </Popconfirm>
        </Space>
      ),
    });
  }

  return (
    <section className="tags-panel" aria-label="Теги">
      <div className="tags-panel__head">
        <div className="tags-panel__search">
          <SearchInput
            value={state.tagsSearch}
            placeholder="Поиск тега"
            onSearch={(search) => onPatch({ tagsSearch: search ?? '', tagsPage: 1 })}
          />
        </div>
        {canEdit ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ name: '' })}>
            Новый тег
          </Button>
        ) : null}
      </div>
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          message="Не удалось загрузить теги"
          description={list.error instanceof Error ? list.error.message : undefined}
        />
      ) : null}
      <DataTable<TagItem>
        aria-label="Список тегов"
        size="small"
        rowKey="id"
        columns={columns}
        rows={list.data?.results ?? []}
        loading={list.isFetching}
        empty={state.tagsSearch ? 'Ничего не найдено' : 'Тегов пока нет'}
        paging={{
          page: state.tagsPage,
          pageSize: TAG_PAGE_SIZE,
          total: list.data?.elements_count ?? 0,
          onPage: (page) => onPatch({ tagsPage: page }),
        }}
      />
      <NameDialog
        open={editing !== null}
        title={editing?.id === undefined ? 'Новый тег' : 'Переименовать тег'}
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
