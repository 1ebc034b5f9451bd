import {
  DAILY_DASHBOARD_NAME_MAX,
  DAILY_DASHBOARD_SHORT_NAME_MAX,
  DAILY_DASHBOARD_TYPE_IDS,
  DAILY_DASHBOARD_TYPE_LABELS,
  type DailyDashboardItem,
  type DailyDashboardType,
  dailyDashboardMessageFilter,
} from '@monitoring/contracts';
import { Checkbox, Form, Input } from 'antd';
import { useDailyDashboardWrites } from '../../api/daily-dashboards.ts';
import { notifyBadRequest } from '../../api/mutation-errors.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { PickSelect } from '../../ui/PickSelect.tsx';
import { SETTINGS_TEXTS } from './home-texts.ts';

interface FormValues {
  name: string;
  shortName: string;
  types: DailyDashboardType[];
  themes: number[];
}

interface DashboardFormDialogProps {
  /** The dashboard edited; null creates one. */
  dashboard: DailyDashboardItem | null;
  open: boolean;
  onClose: () => void;
}

/** Create or edit a daily dashboard: names, the blocks it shows and its themes. */
export function DashboardFormDialog({ dashboard, open, onClose }: DashboardFormDialogProps) {
  const [form] = Form.useForm<FormValues>();
  const { create, update } = useDailyDashboardWrites();
  const pending = create.isPending || update.isPending;
  const initialValues: FormValues = {
    name: dashboard?.name ?? '',
    shortName: dashboard?.shortName ?? '',
    types: (dashboard?.types ?? []) as DailyDashboardType[],
    themes: dashboard ? (dailyDashboardMessageFilter(dashboard.filters).theme_in ?? []) : [],
  };
  const finish = (values: FormValues) => {
    const filters = {
      ...(dashboard?.filters ?? {}),
      theme_or_rubrics_in: values.themes.join(','),
    };
    const body = { name: values.name, shortName: values.shortName, types: values.types, filters };
    const done = { onSuccess: onClose, onError: notifyBadRequest(SETTINGS_TEXTS.title) };
    if (dashboard) update.mutate({ id: dashboard.id, body }, done);
    else create.mutate(body, done);
  };
  return (
    <FormDialog<FormValues>
      open={open}
      title={dashboard ? `${SETTINGS_TEXTS.edit}: ${dashboard.name}` : SETTINGS_TEXTS.create}
      okText={SETTINGS_TEXTS.save}
      onClose={onClose}
      pending={pending}
      form={form}
      initialValues={initialValues}
      onFinish={finish}
    >
      <Form.Item
        name="name"
        label={SETTINGS_TEXTS.name}
        rules={[{ required: true, whitespace: true, message: SETTINGS_TEXTS.required }]}
      >
        <Input maxLength={DAILY_DASHBOARD_NAME_MAX} autoFocus />
      </Form.Item>
      <Form.Item
        name="shortName"
        label={SETTINGS_TEXTS.shortName}
        rules={[{ required: true, whitespace: true, message: SETTINGS_TEXTS.required }]}
      >
        <Input maxLength={DAILY_DASHBOARD_SHORT_NAME_MAX} />
      </Form.Item>
      <Form.Item name="types" label={SETTINGS_TEXTS.types} extra={SETTINGS_TEXTS.typesHint}>
        <Checkbox.Group
          options={DAILY_DASHBOARD_TYPE_IDS.map((type) => ({
            value: type,
            label: DAILY_DASHBOARD_TYPE_LABELS[type],
          }))}
        />
      </Form.Item>
      <Form.Item name="themes" label={SETTINGS_TEXTS.themes} extra={SETTINGS_TEXTS.themesHint}>
        <ThemesField />
      </Form.Item>
    </FormDialog>
  );
}

/** The themes pick list as a form field (Form.Item passes value and onChange). */
function ThemesField({ value, onChange }: { value?: number[]; onChange?: (ids: number[]) => void }) {
  return (
    <PickSelect
      kind="theme"
      mode="multiple"
      placeholder="Все темы"
      value={value ?? []}
      onChange={(ids) => onChange?.(ids)}
    />
  );
}
