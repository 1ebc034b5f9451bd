import { ORGANISATION_KIND_LABELS, type OrganizationItem } from '@monitoring/contracts';
import { Alert, Button, Form, Input, Popconfirm, Select, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { isApiError } from '../../api/api-error.ts';
import { notifyBadRequest } from '../../api/mutation-errors.ts';
import { useOrganizations, useOrganizationWrites } from '../../api/organizations.ts';
import { useCan } from '../../api/useCan.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { FormDialog } from '../../ui/FormDialog.tsx';

interface OrganizationValues {
  name: string;
  kind: 1 | 2;
}

const KIND_OPTIONS = ([1, 2] as const).map((kind) => ({
  value: kind,
  label: ORGANISATION_KIND_LABELS[kind],
}));

function OrganizationDialog({
  organization,
  onClose,
}: {
  organization: OrganizationItem | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<OrganizationValues>();
  const { create, edit } = useOrganizationWrites();
  const mutation = organization ? edit : create;
  const error = isApiError(mutation.error) ? mutation.error : null;
  useEffect(() => {
    if (error && (error.field === 'name' || error.field === 'kind')) {
      form.setFields([{ name: error.field, errors: [error.message] }]);
    }
  }, [error, form]);
  const close = () => {
    create.reset();
    edit.reset();
    onClose();
  };
  return (
    <FormDialog<OrganizationValues>
      open
      title={organization ? `Организация «${organization.name}»` : 'Новая организация'}
      okText={organization ? 'Сохранить' : 'Создать'}
      onClose={close}
      pending={mutation.isPending}
      form={form}
      initialValues={{ name: organization?.name ?? '', kind: organization?.kind === 2 ? 2 : 1 }}
      onFinish={(values) =>
        organization
          ? edit.mutate({ id: organization.id, body: values }, { onSuccess: close })
          : create.mutate(values, { onSuccess: close })
      }
      description={
        error && error.field !== 'name' && error.field !== 'kind' ? (
          <Alert type="error" showIcon title={error.message} role="alert" />
        ) : null
      }
    >
      <Form.Item
        label="Название"
        name="name"
        rules={[{ required: true, whitespace: true, message: 'Введите название организации' }]}
      >
        <Input />
      </Form.Item>
      <Form.Item label="Тип" name="kind">
        <Select options={KIND_OPTIONS} />
      </Form.Item>
    </FormDialog>
  );
}

/** «Организации»: everyone with settings reads them; administrators (ADMIN_PANEL) change them. */
export function OrganizationsTab() {
  const organizations = useOrganizations();
  const { remove } = useOrganizationWrites();
  const canEdit = useCan()('ADMIN_PANEL');
  const [dialog, setDialog] = useState<{ organization: OrganizationItem | null } | null>(null);
  const columns: ColumnsType<OrganizationItem> = [
    { key: 'name', title: 'Организация', dataIndex: 'name' },
    { key: 'kind', title: 'Тип', dataIndex: 'kind_name' },
    { key: 'users', title: 'Пользователей', dataIndex: 'users_count' },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      title: '',
      render: (_, o) => (
        <Space size={4}>
          <Button size="small" onClick={() => setDialog({ organization: o })}>
            Изменить
          </Button>
          <Popconfirm
            title={`Удалить организацию «${o.name}»?`}
            okText="Удалить"
            cancelText="Отмена"
            onConfirm={() =>
              remove.mutate(o.id, { onError: notifyBadRequest('Не удалось удалить организацию') })
            }
          >
            <Button size="small" danger>
              Удалить
            </Button>
          </Popconfirm>
        </Space>
      ),
    });
  }
  return (
    <>
      {canEdit && (
        <Button type="primary" style={{ marginBottom: 16 }} onClick={() => setDialog({ organization: null })}>
          Создать организацию
        </Button>
      )}
      <DataTable<OrganizationItem>
        rowKey="id"
        columns={columns}
        rows={organizations.data?.results}
        loading={organizations.isFetching}
        empty="Организаций пока нет"
      />
      {dialog && <OrganizationDialog organization={dialog.organization} onClose={() => setDialog(null)} />}
    </>
  );
}
