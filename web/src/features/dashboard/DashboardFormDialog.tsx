import {
  DAILY_DASHBOARD_NAME_MAX,
  DAILY_DASHBOARD_SHORT_NAME_MAX,
  DAILY_DASHBOARD_TYPE_IDS,
  DAILY_DASHBOARD_TYPE_LABELS,
  type DailyDashboardFilters,
  type DailyDashboardItem,
  type DailyDashboardType,
  dailyDashboardMessageFilter,
  type Mood,
} from '@monitoring/contracts';
import { Alert, Checkbox, Col, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../api/api-error.ts';
import { useDailyDashboardWrites } from '../../api/daily-dashboards.ts';
import type { PickListKind, PickListParams } from '../../api/pick-lists.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { MoodMultiSelect } from '../../ui/MoodSelect.tsx';
import { PickSelect } from '../../ui/PickSelect.tsx';
import { SETTINGS_TEXTS } from './home-texts.ts';

interface FormValues {
  name: string;
  shortName: string;
  types: DailyDashboardType[];
  themes: number[];
  infoReasons: number[];
  loms: number[];
  sources: number[];
  moods: Mood[];
  verified: boolean;
}

interface DashboardFormDialogProps {
  /** The dashboard edited; null creates one. */
  dashboard: DailyDashboardItem | null;
  open: boolean;
  onClose: () => void;
}

/** The form field of each saved filter's key (contracts `dailyDashboardFilters`), for a 400 naming the key. */
const FILTER_FIELDS: Readonly<Record<keyof DailyDashboardFilters, keyof FormValues>> = {
  theme_or_rubrics_in: 'themes',
  info_reason_in: 'infoReasons',
  lom_in: 'loms',
  source_in: 'sources',
  mood_in: 'moods',
  verified: 'verified',
};

/** Where a 400 naming `field` is shown: its form item, or null for the alert at the top. */
function errorItem(field: string | undefined): keyof FormValues | null {
  if (field === 'name' || field === 'shortName' || field === 'types') return field;
  const key = field?.startsWith('filters.') ? field.slice('filters.'.length) : '';
  return key in FILTER_FIELDS ? FILTER_FIELDS[key as keyof DailyDashboardFilters] : null;
}

const list = (ids: readonly number[]) => (ids.length ? [...ids] : undefined);

/** The saved filter of the form's values: the whole filter (PUT replaces it), empty lists left out. */
function formFilters(values: FormValues): DailyDashboardFilters {
  return {
    theme_or_rubrics_in: values.themes.join(','),
    info_reason_in: list(values.infoReasons),
    lom_in: list(values.loms),
    source_in: list(values.sources),
    mood_in: list(values.moods),
    verified: values.verified ? true : undefined,
  };
}

/**
 * Create or edit a daily dashboard: names, the blocks it shows and its whole filter (themes, info reasons,
 * loms, sources, moods, verified only).
 */
export function DashboardFormDialog({ dashboard, open, onClose }: DashboardFormDialogProps) {
  const [form] = Form.useForm<FormValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const { create, update } = useDailyDashboardWrites();
  const pending = create.isPending || update.isPending;
  const themes = Form.useWatch('themes', form);
  const saved = dashboard ? dailyDashboardMessageFilter(dashboard.filters) : {};
  const initialValues: FormValues = {
    name: dashboard?.name ?? '',
    shortName: dashboard?.shortName ?? '',
    types: (dashboard?.types ?? []) as DailyDashboardType[],
    themes: saved.theme_in ?? [],
    infoReasons: saved.info_reason_in ?? [],
    loms: saved.lom_in ?? [],
    sources: saved.source_in ?? [],
    moods: (saved.mood_in ?? []) as Mood[],
    verified: saved.verified === true,
  };
  const close = () => {
    setFailure(null);
    onClose();
  };
  const finish = (values: FormValues) => {
    setFailure(null);
    const body = {
      name: values.name,
      shortName: values.shortName,
      types: values.types,
      filters: formFilters(values),
    };
    const done = {
      onSuccess: close,
      onError: (error: unknown) => {
        if (!isApiError(error)) return;
        const item = error.status === 400 ? errorItem(error.field) : null;
        if (item) form.setFields([{ name: item, errors: [error.message] }]);
        else setFailure(error.message);
      },
    };
    if (dashboard) update.mutate({ id: dashboard.id, body }, done);
    else create.mutate(body, done);
  };
  return (
    <FormDialog<FormValues>
      open={open}
      title={dashboard ? `${SETTINGS_TEXTS.edit}: ${dashboard.name}` : SETTINGS_TEXTS.create}
      okText={SETTINGS_TEXTS.save}
      onClose={close}
      pending={pending}
      form={form}
      width={720}
      description={
        failure ? (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={SETTINGS_TEXTS.saveFailed}
            description={failure}
            role="alert"
          />
        ) : null
      }
      initialValues={initialValues}
      onFinish={finish}
    >
      <Row gutter={16}>
        <Col xs={24} sm={14}>
          <Form.Item
            name="name"
            label={SETTINGS_TEXTS.name}
            rules={[{ required: true, whitespace: true, message: SETTINGS_TEXTS.required }]}
          >
            <Input maxLength={DAILY_DASHBOARD_NAME_MAX} autoFocus />
          </Form.Item>
        </Col>
        <Col xs={24} sm={10}>
          <Form.Item
            name="shortName"
            label={SETTINGS_TEXTS.shortName}
            rules={[{ required: true, whitespace: true, message: SETTINGS_TEXTS.required }]}
          >
            <Input maxLength={DAILY_DASHBOARD_SHORT_NAME_MAX} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="types" label={SETTINGS_TEXTS.types} extra={SETTINGS_TEXTS.typesHint}>
        <Checkbox.Group
          options={DAILY_DASHBOARD_TYPE_IDS.map((type) => ({
            value: type,
            label: DAILY_DASHBOARD_TYPE_LABELS[type],
          }))}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="themes" label={SETTINGS_TEXTS.themes} extra={SETTINGS_TEXTS.themesHint}>
            <PickField kind="theme" placeholder="Все темы" label={SETTINGS_TEXTS.themes} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="infoReasons"
            label={SETTINGS_TEXTS.infoReasons}
            extra={SETTINGS_TEXTS.infoReasonsHint}
          >
            <PickField
              kind="info_reason"
              placeholder="Все инфоповоды"
              label={SETTINGS_TEXTS.infoReasons}
              extra={{ theme_in: themes?.length ? themes : undefined }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="loms" label={SETTINGS_TEXTS.loms}>
            <PickField kind="lom" placeholder="Все ЛОМ" label={SETTINGS_TEXTS.loms} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="sources" label={SETTINGS_TEXTS.sources}>
            <PickField kind="source" placeholder="Все источники" label={SETTINGS_TEXTS.sources} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="moods" label={SETTINGS_TEXTS.moods}>
            <MoodsField />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="verified" valuePropName="checked">
        <Checkbox>{SETTINGS_TEXTS.verified}</Checkbox>
      </Form.Item>
    </FormDialog>
  );
}

/** A directory pick list as a form field (Form.Item passes value and onChange). */
function PickField({
  kind,
  placeholder,
  label,
  extra,
  value,
  onChange,
}: {
  kind: PickListKind;
  placeholder: string;
  label: string;
  extra?: PickListParams['extra'];
  value?: number[];
  onChange?: (ids: number[]) => void;
}) {
  return (
    <PickSelect
      kind={kind}
      mode="multiple"
      placeholder={placeholder}
      ariaLabel={label}
      extra={extra}
      value={value ?? []}
      onChange={(ids) => onChange?.(ids)}
    />
  );
}

/** The moods as a form field. */
function MoodsField({ value, onChange }: { value?: Mood[]; onChange?: (moods: Mood[]) => void }) {
  return (
    <MoodMultiSelect
      value={value ?? []}
      placeholder="Любая тональность"
      ariaLabel={SETTINGS_TEXTS.moods}
      onChange={(moods) => onChange?.(moods)}
    />
  );
}
