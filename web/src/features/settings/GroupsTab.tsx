import { NAMED_PERMISSION_LABELS, NAMED_PERMISSIONS, type PermissionGroupItem } from '@monitoring/contracts';
import { Alert, Button, Form, Input, Popconfirm, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { isApiError } from '../../api/api-error.ts';
import { notifyBadRequest } from '../../api/mutation-errors.ts';
import { useGroupWrites, usePermissionGroups } from '../../api/users.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { FormDialog } from '../../ui/FormDialog.tsx';

interface GroupValues {
  name: string;
  ui_permissions: (typeof NAMED_PERMISSIONS)[number][];
}

const labelOf = (p: string) => NAMED_PERMISSION_LABELS[p as keyof typeof NAMED_PERMISSION_LABELS] ?? p;

function GroupDialog({ group, onClose }: { group: PermissionGroupItem | null; onClose: () => void }) {
  const [form] = Form.useForm<GroupValues>();
  const { create, edit } = useGroupWrites();
  const mutation = group ? edit : create;
  const error = isApiError(mutation.error) ? mutation.error : null;
  const field = error?.field?.split('.')[0];
  useEffect(() => {
    if (error && (field === 'name' || field === 'ui_permissions')) {
      form.setFields([{ name: field, errors: [error.message] }]);
    }
  }, [error, field, form]);
  const close = () => {
    create.reset();
    edit.reset();
    onClose();
  };
  return (
    <FormDialog<GroupValues>
      open
      title={group ? `Группа «${group.name}»` : 'Новая группа прав'}
      okText={group ? 'Сохранить' : 'Создать'}
      onClose={close}
      pending={mutation.isPending}
      form={form}
      initialValues={{
        name: group?.name ?? '',
        ui_permissions: (group?.ui_permissions ?? []) as GroupValues['ui_permissions'],
      }}
      onFinish={(values) =>
        group
          ? edit.mutate({ id: group.id, body: values }, { onSuccess: close })
          : create.mutate(values, { onSuccess: close })
      }
      description={
        error && field !== 'name' && field !== 'ui_permissions' ? (
          <Alert type="error" showIcon title={error.message} role="alert" />
        ) : null
      }
    >
      <Form.Item
        label="Название"
        name="name"
        rules={[{ required: true, whitespace: true, message: 'Введите название группы' }]}
      >
        <Input />
      </Form.Item>
      <Form.Item label="Права группы" name="ui_permissions">
        <Select mode="multiple" options={NAMED_PERMISSIONS.map((p) => ({ value: p, label: labelOf(p) }))} />
      </Form.Item>
    </FormDialog>
  );
}

/** «Группы прав»: the named bundles of ui permissions a user can belong to. */
export function GroupsTab() {
  const groups = usePermissionGroups();
  const { remove } = useGroupWrites();
  const [dialog, setDialog] = useState<{ group: PermissionGroupItem | null } | null>(null);
  const columns: ColumnsType<PermissionGroupItem> = [
    { key: 'name', title: 'Группа', dataIndex: 'name' },
    {
      key: 'ui_permissions',
      title: 'Права',
      render: (_, g) =>
        g.ui_permissions.length ? g.ui_permissions.map((p) => <Tag key={p}>{labelOf(p)}</Tag>) : '—',
    },
    { key: 'users_count', title: 'Пользователей', dataIndex: 'users_count' },
    {
      key: 'actions',
      title: '',
      render: (_, g) => (
        <Space size={4}>
          <Button size="small" onClick={() => setDialog({ group: g })}>
            Изменить
          </Button>
          <Popconfirm
            title={`Удалить группу «${g.name}»? Её участники потеряют права группы.`}
            okText="Удалить"
            cancelText="Отмена"
            onConfirm={() => remove.mutate(g.id, { onError: notifyBadRequest('Не удалось удалить группу') })}
          >
            <Button size="small" danger>
              Удалить
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <>
      <Button type="primary" style={{ marginBottom: 16 }} onClick={() => setDialog({ group: null })}>
        Создать группу
      </Button>
      <DataTable<PermissionGroupItem>
        rowKey="id"
        columns={columns}
        rows={groups.data?.results}
        loading={groups.isFetching}
        empty="Групп прав пока нет"
      />
      {dialog && <GroupDialog group={dialog.group} onClose={() => setDialog(null)} />}
    </>
  );
}
