import type { LomDetail } from '@monitoring/contracts';
import { Button, Form, Space } from 'antd';
import { useMemo } from 'react';
import { isApiError } from '../../../api/api-error.ts';
import { useUpdateLom } from '../../../api/lom-writes.ts';
import { useFeedback } from '../../../ui/feedback.ts';
import { LomCardFieldItems } from './LomCardFieldItems.tsx';
import { CARD_FORM_FIELDS, cardBody, cardFormValues, type LomCardFormValues } from './profile-form.ts';
import { PROFILE_TEXTS } from './profile-texts.ts';

interface LomProfileFormProps {
  lom: LomDetail;
  onDone: () => void;
}

/**
 * «Редактировать»: the card fields in a form. Only what changed is sent; the answer is the
 * card as the server now has it. A 400 shows beside its field; Ctrl+Enter saves.
 */
export function LomProfileForm({ lom, onDone }: LomProfileFormProps) {
  const { message } = useFeedback();
  const [form] = Form.useForm<LomCardFormValues>();
  const initial = useMemo(() => cardFormValues(lom), [lom]);
  const update = useUpdateLom(lom.id);

  const save = (values: LomCardFormValues) => {
    const body = cardBody(values, initial);
    if (Object.keys(body).length === 0) {
      message.info(PROFILE_TEXTS.nothingChanged);
      onDone();
      return;
    }
    update.mutate(body, {
      onSuccess: () => {
        message.success(PROFILE_TEXTS.saved);
        onDone();
      },
      onError: (error) => {
        if (!isApiError(error) || error.status !== 400) return;
        const field = error.field?.split('.')[0];
        if (field && CARD_FORM_FIELDS.has(field)) {
          form.setFields([{ name: field as keyof LomCardFormValues, errors: [error.message] }]);
        } else {
          message.error(error.message);
        }
      },
    });
  };

  return (
    <Form<LomCardFormValues>
      form={form}
      layout="vertical"
      className="lom-profile__form"
      initialValues={initial}
      onFinish={save}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) form.submit();
      }}
    >
      <LomCardFieldItems />
      <Space>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {PROFILE_TEXTS.save}
        </Button>
        <Button onClick={onDone} disabled={update.isPending}>
          {PROFILE_TEXTS.cancel}
        </Button>
      </Space>
    </Form>
  );
}
