import { FEED_KIND_LABELS, FEED_KINDS, type Feed, type FeedKind } from '@monitoring/contracts';
import { Alert, Button, Drawer, Form, Input, Radio, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../api/api-error.ts';
import { useFeedWrites } from '../../../api/feeds.ts';
import { useFeedback } from '../../../ui/feedback.ts';
import { PickSelect } from '../../../ui/PickSelect.tsx';
import {
  type FeedFormValues,
  feedCreateBodyOf,
  feedFieldOf,
  feedFormValues,
  feedPatchBodyOf,
  feedUrlCheck,
} from './feed-form.ts';
import { intervalOptions } from './feed-format.ts';
import { FEED_URL_HINTS, FEEDS_TEXTS as T } from './texts.ts';

const kindOptions = FEED_KINDS.map((kind) => ({ value: kind, label: FEED_KIND_LABELS[kind] }));

/** The lom pick list as a form control (active loms, searched on the server). */
function LomField({ value, onChange }: { value?: number | null; onChange?: (id: number | null) => void }) {
  return (
    <PickSelect
      kind="lom"
      placeholder={T.lomPlaceholder}
      ariaLabel={T.lom}
      extra={{ is_active: true }}
      value={value}
      onChange={(id) => onChange?.(id)}
    />
  );
}

/** The address, with the hint and the check of the chosen kind. */
function UrlField() {
  const kind = Form.useWatch<FeedKind | undefined>('kind') ?? 'rss';
  return (
    <Form.Item
      name="url"
      label={T.url}
      extra={FEED_URL_HINTS[kind].hint}
      dependencies={['kind']}
      rules={[
        ({ getFieldValue }) => ({
          validator: async (_rule, value: string | undefined) => {
            const problem = feedUrlCheck(getFieldValue('kind') as FeedKind, value ?? '');
            if (problem) throw new Error(problem);
          },
        }),
      ]}
    >
      <Input placeholder={FEED_URL_HINTS[kind].placeholder} inputMode="url" autoComplete="off" autoFocus />
    </Form.Item>
  );
}

interface FeedDialogProps {
  /** The feed to edit; null for a new one. */
  feed: Feed | null;
  onClose: () => void;
}

/**
 * The form of a feed, in a drawer: kind, address, lom, interval, on/off. Enter in a field saves. The server's 400
 * shows at the field it names (`url`: a refused address, «Такая лента уже есть»); one without a field above the form.
 */
export function FeedDialog({ feed, onClose }: FeedDialogProps) {
  const [form] = Form.useForm<FeedFormValues>();
  const { create, update } = useFeedWrites();
  const { message } = useFeedback();
  const [initial] = useState(() => feedFormValues(feed));
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = feed ? update : create;

  const onFinish = () => {
    const values: FeedFormValues = { ...initial, ...form.getFieldsValue(true) };
    setProblem(null);
    const onError = (error: unknown) => {
      if (!isApiError(error) || error.status !== 400) return;
      const field = feedFieldOf(error.field);
      if (field) form.setFields([{ name: field, errors: [error.message] }]);
      else setProblem(error.message);
    };
    const onSuccess = () => {
      message.success(T.saved);
      onClose();
    };
    if (feed) update.mutate({ id: feed.id, body: feedPatchBodyOf(feed, values) }, { onSuccess, onError });
    else create.mutate(feedCreateBodyOf(values), { onSuccess, onError });
  };

  return (
    <Drawer
      open
      onClose={onClose}
      size={640}
      title={feed ? T.editTitle : T.newTitle}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{T.cancel}</Button>
          <Button type="primary" loading={mutation.isPending} onClick={() => form.submit()}>
            {feed ? T.save : T.create}
          </Button>
        </Space>
      }
    >
      {problem ? (
        <Alert type="error" showIcon title={problem} role="alert" className="feed-form__problem" />
      ) : null}
      <Form<FeedFormValues> form={form} layout="vertical" initialValues={initial} onFinish={onFinish}>
        <Form.Item name="kind" label={T.kind}>
          <Radio.Group options={kindOptions} optionType="button" />
        </Form.Item>
        <UrlField />
        <Form.Item
          name="lom_id"
          label={T.lom}
          extra={feed?.lom_source ? `${T.lomSource}: ${feed.lom_source.url}. ${T.lomSourceHint}` : T.lomHint}
        >
          <LomField />
        </Form.Item>
        <Form.Item name="interval_minutes" label={T.interval}>
          <Select options={intervalOptions(initial.interval_minutes)} aria-label={T.interval} />
        </Form.Item>
        <Form.Item name="enabled" label={T.enabled} valuePropName="checked" extra={T.enabledHint}>
          <Switch aria-label={T.enabled} />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Drawer>
  );
}
