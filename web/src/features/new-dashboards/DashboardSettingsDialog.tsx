import {
  DASHBOARD_PERIOD_LABELS,
  DASHBOARD_PERIODS,
  type DashboardPeriod,
  DEFAULT_DASHBOARD_PERIOD,
  encodeQuery,
  lomGroupTitle,
  type MessageFilterParams,
  type NewDashboardItem,
  parseMessageFilterFromUrl,
  type QueryParams,
} from '@monitoring/contracts';
import { Alert, Col, Form, Input, Row, Select, Switch } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../api/api-error.ts';
import { useLomGroups } from '../../api/lom-groups.ts';
import { useSaveNewDashboard } from '../../api/new-dashboards.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { MessageFiltersPanel } from '../../ui/message-filters/MessageFiltersPanel.tsx';
import { ND_TEXTS } from './texts.ts';

/** The message filter of a dashboard, without the list ordering (charts have none). */
type DashboardFilter = Omit<MessageFilterParams, 'ordering'>;

interface Values {
  name: string;
  period: DashboardPeriod;
  filters: DashboardFilter;
  lom_groups: number[];
  is_dashboard: boolean;
}

interface Props {
  open: boolean;
  /** null: a new dashboard. */
  dashboard: NewDashboardItem | null;
  onClose: () => void;
  onSaved?: (item: NewDashboardItem) => void;
}

/**
 * A saved filter as the panel's value: the saved one is kept as it was sent (lists may be arrays or
 * comma-joined text), so it is read the way the messages page reads its URL; `period` is a field of its own.
 */
function savedFilter(filters: Record<string, unknown> | undefined): DashboardFilter {
  const { period: _period, ...rest } = filters ?? {};
  const { ordering: _ordering, ...filter } = parseMessageFilterFromUrl(
    new URLSearchParams(encodeQuery(rest as QueryParams)),
  );
  return filter;
}

const hasDates = (filter: DashboardFilter | undefined) =>
  Boolean(filter?.wrote_at_after || filter?.wrote_at_before);

/** The form field of the message filter panel (Form.Item passes value and onChange). */
function FiltersField({
  value = {},
  onChange,
}: {
  value?: DashboardFilter;
  onChange?: (filter: DashboardFilter) => void;
}) {
  return (
    <MessageFiltersPanel
      filter={value}
      hideOrdering
      onChange={(patch) => {
        const { ordering: _ordering, ...rest } = { ...value, ...patch };
        onChange?.(rest);
      }}
      onReset={() =>
        onChange?.({ wrote_at_after: value.wrote_at_after, wrote_at_before: value.wrote_at_before })
      }
    />
  );
}

/** Where a 400 naming `field` is shown: the form item, or null for the alert at the top. */
function errorItem(field: string | undefined): keyof Values | null {
  if (!field) return null;
  if (field === 'filters.period') return 'period';
  if (field === 'filters' || field.startsWith('filters.')) return 'filters';
  if (field === 'name' || field === 'lom_groups' || field === 'is_dashboard') return field;
  return null;
}

/**
 * The dashboard settings dialog (product.md §3 "Dashboard (new dashboards)"): the name, the period (relative, or
 * the fixed dates of the panel), the messages page's filter panel (without the ordering), the lom groups and
 * is_dashboard. Saving sends the whole filter.
 */
export function DashboardSettingsDialog({ open, dashboard, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveNewDashboard();
  const groups = useLomGroups({ page_size: 200 }, open);
  const filter = Form.useWatch('filters', form);
  const options = (groups.data?.results ?? []).map((g) => ({ value: g.id, label: lomGroupTitle(g) }));
  for (const g of dashboard?.lom_groups ?? [])
    if (!options.some((o) => o.value === g.id)) options.push({ value: g.id, label: g.title });

  const close = () => {
    setFailure(null);
    onClose();
  };

  const finish = (values: Values) => {
    setFailure(null);
    const fixed = hasDates(values.filters);
    save.mutate(
      {
        id: dashboard?.id,
        name: values.name,
        lom_groups: values.lom_groups,
        is_dashboard: values.is_dashboard,
        filters: fixed ? { ...values.filters } : { ...values.filters, period: values.period },
      },
      {
        onSuccess: (item) => {
          onSaved?.(item);
          close();
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          const item = error.status === 400 ? errorItem(error.field) : null;
          if (item) form.setFields([{ name: item, errors: [error.message] }]);
          else setFailure(error.message);
        },
      },
    );
  };

  const savedPeriod = dashboard?.filters.period as DashboardPeriod | undefined;
  return (
    <FormDialog<Values>
      open={open}
      title={dashboard ? ND_TEXTS.settingsEdit : ND_TEXTS.settingsNew}
      okText={ND_TEXTS.save}
      onClose={close}
      pending={save.isPending}
      form={form}
      width={1000}
      description={
        failure ? (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={ND_TEXTS.saveFailed}
            description={failure}
            role="alert"
          />
        ) : null
      }
      initialValues={{
        name: dashboard?.name ?? '',
        period: DASHBOARD_PERIODS.includes(savedPeriod as DashboardPeriod)
          ? savedPeriod
          : DEFAULT_DASHBOARD_PERIOD,
        filters: savedFilter(dashboard?.filters),
        lom_groups: dashboard?.lom_groups.map((g) => g.id) ?? [],
        is_dashboard: dashboard?.is_dashboard ?? true,
      }}
      onFinish={finish}
    >
      <Row gutter={16}>
        <Col flex="1 1 360px">
          <Form.Item
            name="name"
            label={ND_TEXTS.name}
            rules={[{ required: true, whitespace: true, message: 'Введите название' }]}
          >
            <Input maxLength={200} autoFocus />
          </Form.Item>
        </Col>
        <Col flex="0 1 360px">
          <Form.Item
            name="period"
            label={ND_TEXTS.period}
            extra={hasDates(filter) ? ND_TEXTS.periodFixed : ND_TEXTS.periodHint}
          >
            <Select
              disabled={hasDates(filter)}
              options={DASHBOARD_PERIODS.map((value) => ({ value, label: DASHBOARD_PERIOD_LABELS[value] }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="filters" label={ND_TEXTS.filters}>
        <FiltersField />
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
      <Form.Item name="is_dashboard" label={ND_TEXTS.isDashboard} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}
