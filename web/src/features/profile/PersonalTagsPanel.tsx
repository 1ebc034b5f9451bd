import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type PersonalTagItem, TAG_NAME_MAX_LENGTH } from '@monitoring/contracts';
import { Alert, Button, Popconfirm, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useDeleteTag, usePersonalTagList, useSaveTag } from '../../api/tags.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { NameDialog } from '../../ui/NameDialog.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { TAG_PAGE_SIZE, type TagsUrlPatch, type TagsUrlState } from './tags-url.ts';

interface PersonalTagsPanelProps {
  state: TagsUrlState;
  onPatch: (patch: TagsUrlPatch) => void;
}

type Editing = { id?: number; name: string } | null;

/** The user's own personal tags (product.md §3 "Personal tag"): only their owner sees them. */
export function PersonalTagsPanel({ state, onPatch }: PersonalTagsPanelProps) {
  const list = usePersonalTagList({
    page: state.personalPage,
    page_size: TAG_PAGE_SIZE,
    search: state.personalSearch || undefined,
  });
  const save = useSaveTag(true);
  const remove = useDeleteTag(true);
  const [editing, setEditing] = useState<Editing>(null);

  const columns: TableColumnsType<PersonalTagItem> = [
    { key: 'name', title: 'Личный тег', dataIndex: 'name' },
    {
      key: 'actions',
      width: 110,
      render: (_, row) => (
        <Space size={4}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={`Переименовать личный тег ${row.name}`}
            onClick={() => setEditing({ id: row.id, name: row.name })}
          />
          <Popconfirm
            title={`Удалить личный тег «${row.name}»?`}
            description="Он будет снят со всех ваших сообщений."
            okText="Удалить"
            cancelText="Отмена"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync(row.id)}
          >
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`Удалить личный тег ${row.name}`}
            />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <section className="tags-panel" aria-label="Личные теги">
      <div className="tags-panel__head">
        <div className="tags-panel__search">
          <SearchInput
            value={state.personalSearch}
            placeholder="Поиск личного тега"
            onSearch={(search) => onPatch({ personalSearch: search ?? '', personalPage: 1 })}
          />
        </div>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ name: '' })}>
          Новый личный тег
        </Button>
      </div>
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          message="Не удалось загрузить личные теги"
          description={list.error instanceof Error ? list.error.message : undefined}
        />
      ) : null}
      <DataTable<PersonalTagItem>
        aria-label="Список личных тегов"
        size="small"
        rowKey="id"
        columns={columns}
        rows={list.data?.results ?? []}
        loading={list.isFetching}
        empty={
          state.personalSearch
            ? 'Ничего не найдено'
            : 'Личных тегов пока нет: создайте первый, чтобы отмечать им сообщения'
        }
        paging={{
          page: state.personalPage,
          pageSize: TAG_PAGE_SIZE,
          total: list.data?.elements_count ?? 0,
          onPage: (page) => onPatch({ personalPage: page }),
        }}
      />
      <NameDialog
        open={editing !== null}
        title={editing?.id === undefined ? 'Новый личный тег' : 'Переименовать личный тег'}
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
