import {
  DASHBOARD_PERIOD_LABELS,
  DASHBOARD_PERIODS,
  type DashboardPeriod,
  lomGroupTitle,
  type NewDashboardItem,
} from '@monitoring/contracts';
import { Form, Input, Select } from 'antd';
import { isApiError } from '../../api/api-error.ts';
import { useLomGroups } from '../../api/lom-groups.ts';
import { useSaveNewDashboard } from '../../api/new-dashboards.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { ND_TEXTS } from './texts.ts';

interface Values {
  name: string;
  period: DashboardPeriod;
  lom_groups: number[];
}

interface Props {
  open: boolean;
  /** null: a new dashboard. */
  dashboard: NewDashboardItem | null;
  onClose: () => void;
  onSaved?: (item: NewDashboardItem) => void;
}

/** The dashboard settings dialog (product.md §2): name, period and lom groups. Other filters are kept as they are. */
export function DashboardSettingsDialog({ open, dashboard, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const save = useSaveNewDashboard();
  const groups = useLomGroups({ page_size: 200 }, open);
  const options = (groups.data?.results ?? []).map((g) => ({ value: g.id, label: lomGroupTitle(g) }));
  for (const g of dashboard?.lom_groups ?? [])
    if (!options.some((o) => o.value === g.id)) options.push({ value: g.id, label: g.title });

  const finish = (values: Values) => {
    const { wrote_at_after: _a, wrote_at_before: _b, period: _p, ...kept } = dashboard?.filters ?? {};
    save.mutate(
      {
        id: dashboard?.id,
        name: values.name,
        lom_groups: values.lom_groups,
        filters: { ...kept, period: values.period },
      },
      {
        onSuccess: (item) => {
          onSaved?.(item);
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 400)
            form.setFields([
              { name: error.field === 'lom_groups' ? 'lom_groups' : 'name', errors: [error.message] },
            ]);
        },
      },
    );
  };

  return (
    <FormDialog<Values>
      open={open}
      title={dashboard ? ND_TEXTS.settingsEdit : ND_TEXTS.settingsNew}
      okText={ND_TEXTS.save}
      onClose={onClose}
      pending={save.isPending}
      form={form}
      initialValues={{
        name: dashboard?.name ?? '',
        period: (dashboard?.filters.period as DashboardPeriod | undefined) ?? 'month',
        lom_groups: dashboard?.lom_groups.map((g) => g.id) ?? [],
      }}
      onFinish={finish}
    >
      <Form.Item
        name="name"
        label={ND_TEXTS.name}
        rules={[{ required: true, whitespace: true, message: 'Введите название' }]}
      >
        <Input maxLength={200} autoFocus />
      </Form.Item>
      <Form.Item name="period" label={ND_TEXTS.period}>
        <Select
          options={DASHBOARD_PERIODS.map((value) => ({ value, label: DASHBOARD_PERIOD_LABELS[value] }))}
        />
      </Form.Item>
      <Form.Item
        name="lom_groups"
        label={ND_TEXTS.lomGroups}
        extra="Без групп дашборд считает сообщения всех ЛОМ"
      >
        <Select
          mode="multiple"
          allowClear
          loading={groups.isFetching}
          options={options}
          optionFilterProp="label"
          placeholder={ND_TEXTS.allLoms}
        />
      </Form.Item>
    </FormDialog>
  );
}
