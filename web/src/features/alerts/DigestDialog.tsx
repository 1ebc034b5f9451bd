import {
  DIGEST_FORMAT_LABELS,
  DIGEST_FORMATS,
  DIGEST_PERIOD_LABELS,
  DIGEST_PERIODS,
  type DigestItem,
  WEEKDAY_LABELS,
} from '@monitoring/contracts';
import { Form, Input, Radio, Select } from 'antd';
import { useState } from 'react';
import { useDigestWrites } from '../../api/alerts.ts';
import { isApiError } from '../../api/api-error.ts';
import { useCurrentUser } from '../../api/auth.ts';
import { useCan } from '../../api/useCan.ts';
import { useFeedback } from '../../ui/feedback.ts';
import {
  type DigestFormValues,
  digestBody,
  digestFieldOf,
  digestFormValues,
  TIME_PATTERN,
} from './digest-form.ts';
import { FormDrawer, NameField } from './FormDrawer.tsx';
import { TargetFields } from './TargetFields.tsx';
import { addressesProblem } from './target-form.ts';
import { DIGEST_TEXTS as T } from './texts.ts';

const periodOptions = DIGEST_PERIODS.map((p) => ({ value: p, label: DIGEST_PERIOD_LABELS[p] }));
const formatOptions = DIGEST_FORMATS.map((f) => ({ value: f, label: DIGEST_FORMAT_LABELS[f] }));
const weekdayOptions = WEEKDAY_LABELS.map((label, index) => ({ value: index + 1, label }));

/** The form of a digest, in a drawer: name, schedule (Moscow time), format, what goes in, recipients. */
export function DigestDialog({ digest, onClose }: { digest: DigestItem | null; onClose: () => void }) {
  const [form] = Form.useForm<DigestFormValues>();
  const { create, update } = useDigestWrites();
  const { message } = useFeedback();
  const email = useCurrentUser().data?.email ?? '';
  const canExternal = useCan()('send_external_alerts');
  const [initial] = useState(() => digestFormValues(digest, email));
  const [problem, setProblem] = useState<string | null>(null);
  const period = Form.useWatch('period', form);
  const mutation = digest ? update : create;

  const close = () => {
    create.reset();
    update.reset();
    onClose();
  };

  const onFinish = () => {
    // Every field, the targets not on screen too (onFinish gives only the mounted ones).
    const values: DigestFormValues = { ...initial, ...form.getFieldsValue(true) };
    setProblem(null);
    const body = digestBody(values);
    const onError = (error: unknown) => {
      if (!isApiError(error) || (error.status !== 400 && error.status !== 403)) return;
      const field = digestFieldOf(error.field);
      if (field) form.setFields([{ name: field, errors: [error.message] }]);
      if (!field || error.status === 403) setProblem(error.message);
    };
    const onSuccess = () => {
      message.success(T.saved);
      close();
    };
    if (digest) update.mutate({ id: digest.id, body }, { onSuccess, onError });
    else create.mutate(body, { onSuccess, onError });
  };

  return (
    <FormDrawer
      title={digest ? T.editTitle(digest.name) : T.newTitle}
      editing={Boolean(digest)}
      pending={mutation.isPending}
      problem={problem}
      onClose={close}
      onSubmit={() => form.submit()}
    >
      <Form<DigestFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={onFinish}
        className="alert-form"
      >
        <NameField />
        <Form.Item name="period" label={T.period}>
          <Radio.Group options={periodOptions} />
        </Form.Item>
        {period === 'weekly' ? (
          <Form.Item
            name="weekday"
            label={T.weekday}
            rules={[{ required: true, message: T.weekdayRequired }]}
          >
            <Select options={weekdayOptions} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="time"
          label={T.time}
          rules={[{ required: true, pattern: TIME_PATTERN, message: T.timeRequired }]}
        >
          <Input placeholder="09:00" inputMode="numeric" maxLength={5} className="alert-form__time" />
        </Form.Item>
        <Form.Item name="format" label={T.format}>
          <Radio.Group options={formatOptions} />
        </Form.Item>
        <TargetFields form={form} />
        <Form.Item
          name="recipients"
          label={T.recipients}
          extra={canExternal ? T.recipientsHint : `${T.recipientsHint} ${T.externalHint}`}
          validateTrigger="onBlur"
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const found = addressesProblem(value);
                if (found) throw new Error(found);
              },
            },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </FormDrawer>
  );
}
