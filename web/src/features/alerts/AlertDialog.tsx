import {
  ALERT_CHANNEL_LABELS,
  ALERT_CHANNEL_TYPES,
  ALERT_KIND_LABELS,
  ALERT_KINDS,
  ALERT_LIMITS,
  type AlertChannelType,
  type AlertItem,
  SPIKE_METRIC_LABELS,
  SPIKE_METRICS,
  SPIKE_SENSITIVITIES,
  SPIKE_SENSITIVITY_LABELS,
  SPIKE_WINDOW_LABELS,
  SPIKE_WINDOWS,
} from '@monitoring/contracts';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useAlertWrites } from '../../api/alerts.ts';
import { isApiError } from '../../api/api-error.ts';
import { useCurrentUser } from '../../api/auth.ts';
import { useCan } from '../../api/useCan.ts';
import { useFeedback } from '../../ui/feedback.ts';
import {
  type AlertFormValues,
  alertBody,
  alertFieldOf,
  alertFormValues,
  channelProblem,
  chosenChannelTypes,
  INTERVAL_PRESETS,
} from './alert-form.ts';
import { FormDrawer, NameField } from './FormDrawer.tsx';
import { TargetFields } from './TargetFields.tsx';
import { ALERTS_TEXTS as T } from './texts.ts';

const kindOptions = ALERT_KINDS.map((kind) => ({ value: kind, label: ALERT_KIND_LABELS[kind] }));
const windowOptions = SPIKE_WINDOWS.map((w) => ({ value: w, label: SPIKE_WINDOW_LABELS[w] }));
const metricOptions = SPIKE_METRICS.map((m) => ({ value: m, label: SPIKE_METRIC_LABELS[m] }));
const sensitivityOptions = SPIKE_SENSITIVITIES.map((s) => ({ value: s, label: SPIKE_SENSITIVITY_LABELS[s] }));
const channelOptions = ALERT_CHANNEL_TYPES.map((type) => ({
  value: type,
  label: ALERT_CHANNEL_LABELS[type],
}));

/** The interval of a `new` alert: minutes, and presets that set them. */
function IntervalInput({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
}) {
  return (
    <Space wrap>
      <InputNumber<number>
        id={id}
        min={ALERT_LIMITS.minIntervalMinutes}
        max={ALERT_LIMITS.maxIntervalMinutes}
        precision={0}
        value={value ?? null}
        onChange={(next) => onChange?.(next)}
      />
      <Space.Compact aria-label={T.intervalPresets} role="group">
        {INTERVAL_PRESETS.map((preset) => (
          <Button
            key={preset.minutes}
            aria-pressed={value === preset.minutes}
            type={value === preset.minutes ? 'primary' : 'default'}
            onClick={() => onChange?.(preset.minutes)}
          >
            {preset.label}
          </Button>
        ))}
      </Space.Compact>
    </Space>
  );
}

/** The settings of the chosen kind. */
function KindFields() {
  const kind = Form.useWatch<AlertFormValues['kind']>('kind');
  return (
    <>
      <Form.Item name="kind" label={T.kind} extra={kind ? T.kindHints[kind] : undefined}>
        <Radio.Group options={kindOptions} />
      </Form.Item>
      {kind === 'new' ? (
        <Form.Item
          name="interval_minutes"
          label={T.interval}
          rules={[
            {
              required: true,
              type: 'integer',
              min: ALERT_LIMITS.minIntervalMinutes,
              max: ALERT_LIMITS.maxIntervalMinutes,
              message: T.intervalRequired,
            },
          ]}
        >
          <IntervalInput />
        </Form.Item>
      ) : null}
      {kind === 'spike' ? (
        <>
          <Form.Item name="window" label={T.window}>
            <Radio.Group options={windowOptions} />
          </Form.Item>
          <Form.Item name="metric" label={T.metric}>
            <Radio.Group options={metricOptions} />
          </Form.Item>
          <Form.Item name="sensitivity" label={T.sensitivity}>
            <Radio.Group options={sensitivityOptions} />
          </Form.Item>
        </>
      ) : null}
      {kind === 'negative' ? (
        <>
          <Form.Item
            name="threshold"
            label={T.threshold}
            rules={[
              {
                required: true,
                type: 'number',
                min: ALERT_LIMITS.minThreshold,
                max: ALERT_LIMITS.maxThreshold,
                message: T.thresholdRequired,
              },
            ]}
          >
            <InputNumber<number> min={ALERT_LIMITS.minThreshold} max={ALERT_LIMITS.maxThreshold} />
          </Form.Item>
          <Form.Item name="window" label={T.window}>
            <Radio.Group options={windowOptions} />
          </Form.Item>
        </>
      ) : null}
    </>
  );
}

/** A rule that checks one channel's settings as the server's contract does. */
const channelRule =
  (type: AlertChannelType) =>
  ({ getFieldsValue }: { getFieldsValue: (all: true) => AlertFormValues }) => ({
    validator: async () => {
      const problem = channelProblem(type, getFieldsValue(true));
      if (problem) throw new Error(problem);
    },
  });

/** The channels: a check box each, then the settings of those checked. */
function ChannelFields({ alert }: { alert: AlertItem | null }) {
  const types = Form.useWatch<AlertChannelType[] | undefined>('channel_types') ?? [];
  const canExternal = useCan()('send_external_alerts');
  const stored = (type: AlertChannelType) => alert?.channels.find((c) => c.type === type);
  const disabled = alert?.channels.filter((c) => c.disabled_at !== null) ?? [];
  const secret = stored('webhook')?.secret;
  return (
    <fieldset className="alert-form__group">
      <legend>{T.channels}</legend>
      {disabled.map((channel) => (
        <Alert
          key={channel.id}
          type="warning"
          showIcon
          className="alert-form__warning"
          title={T.channelDisabled(ALERT_CHANNEL_LABELS[channel.type], channel.disabled_reason)}
          description={T.channelDisabledHint}
        />
      ))}
      <Form.Item
        name="channel_types"
        label={T.channels}
        rules={[{ required: true, type: 'array', min: 1, message: T.channelsRequired }]}
        extra={canExternal ? undefined : T.externalHint}
      >
        <Checkbox.Group options={channelOptions} />
      </Form.Item>
      {types.includes('email') ? (
        <Form.Item
          name="email_to"
          label={T.emailTo}
          extra={T.emailHint}
          rules={[channelRule('email')]}
          validateTrigger="onBlur"
        >
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
        </Form.Item>
      ) : null}
      {types.includes('webhook') ? (
        <>
          <Form.Item
            name="webhook_url"
            label={T.webhookUrl}
            rules={[
              { required: true, whitespace: true, message: T.webhookUrlRequired },
              {
                validator: async (_rule, value: string | undefined) => {
                  if (value && !/^https?:\/\//i.test(value.trim())) throw new Error(T.webhookUrlScheme);
                },
              },
            ]}
          >
            <Input placeholder="https://example.ru/hooks/monitoring" inputMode="url" />
          </Form.Item>
          <Form.Item
            name="webhook_secret"
            label={T.webhookSecret}
            extra={secret ? T.webhookSecretKeep : T.webhookSecretNew}
            rules={[channelRule('webhook')]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          {secret ? (
            <p className="alert-form__secret">
              {T.webhookSecretNow}{' '}
              <Typography.Text code copyable>
                {secret}
              </Typography.Text>
            </p>
          ) : null}
        </>
      ) : null}
      {types.includes('telegram') ? (
        <Form.Item
          name="telegram_chat_id"
          label={T.telegramChat}
          extra={T.telegramChatHint}
          rules={[channelRule('telegram')]}
        >
          <Input autoComplete="off" />
        </Form.Item>
      ) : null}
    </fieldset>
  );
}

interface AlertDialogProps {
  /** The alert to edit; null for a new one. */
  alert: AlertItem | null;
  onClose: () => void;
}

/**
 * The form of an alert, in a drawer: name, kind with its settings, what it watches, channels. Enter in a field
 * saves. The server's 400 shows at the field it names (`channels.1.url` is the second channel sent); its 403 (a
 * webhook or Telegram without the permission) above the form.
 */
export function AlertDialog({ alert, onClose }: AlertDialogProps) {
  const [form] = Form.useForm<AlertFormValues>();
  const { create, update } = useAlertWrites();
  const { message, modal } = useFeedback();
  const email = useCurrentUser().data?.email ?? '';
  const [initial] = useState(() => alertFormValues(alert, email));
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = alert ? update : create;

  const close = () => {
    create.reset();
    update.reset();
    onClose();
  };

  const onFinish = () => {
    // Every field, those of the channels and targets not on screen too (onFinish gives only the mounted ones).
    const values: AlertFormValues = { ...initial, ...form.getFieldsValue(true) };
    setProblem(null);
    const sent = chosenChannelTypes(values);
    const body = alertBody(values);
    const onError = (error: unknown) => {
      if (!isApiError(error) || (error.status !== 400 && error.status !== 403)) return;
      const field = alertFieldOf(error.field, sent);
      if (field) form.setFields([{ name: field, errors: [error.message] }]);
      if (!field || error.status === 403) setProblem(error.message);
    };
    const onSuccess = (saved: AlertItem) => {
      message.success(T.saved);
      const secret = saved.channels.find((c) => c.type === 'webhook')?.secret;
      const typed = values.webhook_secret.trim();
      const hadSecret = alert?.channels.some((c) => c.type === 'webhook' && c.secret);
      if (secret && !typed && !hadSecret)
        modal.info({
          title: T.webhookSecretSaved,
          content: (
            <>
              <p>{T.webhookSecretSavedHint}</p>
              <Typography.Text code copyable>
                {secret}
              </Typography.Text>
            </>
          ),
        });
      close();
    };
    if (alert) update.mutate({ id: alert.id, body }, { onSuccess, onError });
    else create.mutate(body, { onSuccess, onError });
  };

  return (
    <FormDrawer
      title={alert ? T.editTitle(alert.name) : T.newTitle}
      editing={Boolean(alert)}
      pending={mutation.isPending}
      problem={problem}
      onClose={close}
      onSubmit={() => form.submit()}
    >
      <Form<AlertFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={onFinish}
        className="alert-form"
      >
        <NameField />
        <KindFields />
        <TargetFields form={form} />
        <ChannelFields alert={alert} />
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </FormDrawer>
  );
}
