import {
  type CreateMessageBody,
  MESSAGE_TYPE_IDS,
  MESSAGE_TYPE_LABELS,
  type MessageType,
  type Mood,
} from '@monitoring/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { createMessage } from '../../api/message-edits.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { MoodSelect } from '../../ui/MoodSelect.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { PickSelect } from '../../ui/PickSelect.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import './messages.css';
import { useFeedback } from '../../ui/feedback.ts';

interface FormValues {
  lom_id: number | null;
  lom_source_id: number | null;
  wrote_at: Dayjs;
  text: string;
  url?: string;
  message_type: MessageType;
  mood: Mood | null;
  theme_id: number | null;
  info_reason_id: number | null;
}

/** Which form field a server error names (the body's names are the form's). */
const FORM_FIELDS = new Set([
  'lom_id',
  'lom_source_id',
  'wrote_at',
  'text',
  'url',
  'message_type',
  'mood',
  'theme_id',
  'info_reason_id',
]);

const typeOptions = MESSAGE_TYPE_IDS.map((id) => ({ value: id, label: MESSAGE_TYPE_LABELS[id] }));

function toBody(values: FormValues): CreateMessageBody {
  return {
    lom_id: values.lom_id ?? 0,
    lom_source_id: values.lom_source_id,
    text: values.text,
    wrote_at: values.wrote_at.format(),
    url: values.url?.trim() ? values.url.trim() : null,
    message_type: values.message_type,
    mood: values.mood,
    theme_id: values.theme_id,
    info_reason_id: values.info_reason_id,
  };
}

/**
 * /messages/add: a manual message. Keyboard first: the lom field has focus, Tab
 * walks the fields in reading order, Ctrl+Enter in the text saves.
 */
export function MessageAddPage() {
  usePageTitle(PAGE_TITLES['messages-add']);
  const navigate = useNavigate();
  const { message } = useFeedback();
  const [form] = Form.useForm<FormValues>();
  const lomId = Form.useWatch('lom_id', form);
  const themeId = Form.useWatch('theme_id', form);
  const create = useMutation({
    mutationFn: (values: FormValues) => createMessage(toBody(values)),
    onSuccess: (created) => {
      message.success('Сообщение создано');
      navigate(`/messages/${created.id}`);
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 400 && error.field && FORM_FIELDS.has(error.field)) {
        form.setFields([{ name: error.field as keyof FormValues, errors: [error.message] }]);
      } else if (isApiError(error) && error.status === 400) {
        message.error(error.message);
      }
    },
  });

  return (
    <section className="page">
      <PageHeading>{PAGE_TITLES['messages-add']}</PageHeading>
      <Form<FormValues>
        form={form}
        className="message-add"
        layout="vertical"
        initialValues={{
          wrote_at: dayjs(),
          message_type: 0,
          mood: null,
          theme_id: null,
          info_reason_id: null,
          lom_id: null,
          lom_source_id: null,
        }}
        onFinish={(values) => create.mutate(values)}
      >
        <Form.Item name="lom_id" label="ЛОМ" rules={[{ required: true, message: 'Выберите ЛОМ' }]}>
          <LomField />
        </Form.Item>
        <Form.Item name="lom_source_id" label="Аккаунт (источник)">
          <PickFieldSingle kind="lom_source" placeholder="Аккаунт ЛОМ" extra={{ lom: lomId ?? undefined }} />
        </Form.Item>
        <Space wrap size={16} className="message-add__row">
          <Form.Item
            name="wrote_at"
            label="Дата и время"
            rules={[{ required: true, message: 'Укажите дату' }]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="DD.MM.YYYY HH:mm" allowClear={false} />
          </Form.Item>
          <Form.Item name="message_type" label="Тип сообщения" rules={[{ required: true }]}>
            <Select options={typeOptions} style={{ minWidth: 240 }} />
          </Form.Item>
          <Form.Item name="mood" label="Тональность">
            <MoodSelectField />
          </Form.Item>
        </Space>
        <Form.Item
          name="text"
          label="Текст"
          rules={[{ required: true, whitespace: true, message: 'Введите текст сообщения' }]}
        >
          <Input.TextArea
            autoSize={{ minRows: 5, maxRows: 16 }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) form.submit();
            }}
          />
        </Form.Item>
        <Form.Item
          name="url"
          label="Адрес публикации"
          rules={[{ type: 'url', message: 'Введите адрес http(s)' }]}
        >
          <Input placeholder="https://…" inputMode="url" />
        </Form.Item>
        <Form.Item name="theme_id" label="Тема">
          <PickFieldSingle kind="theme" placeholder="Тема" />
        </Form.Item>
        <Form.Item name="info_reason_id" label="Инфоповод">
          <PickFieldSingle
            kind="info_reason"
            placeholder="Инфоповод"
            extra={{ theme_in: themeId ? [themeId] : undefined }}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            Создать
          </Button>
          <Button onClick={() => navigate(-1)}>Отмена</Button>
          <span className="muted">Ctrl+Enter в тексте — создать</span>
        </Space>
      </Form>
    </section>
  );
}

interface FieldProps<T> {
  value?: T;
  onChange?: (value: T) => void;
}

/** Form.Item hands value/onChange to its child; these adapt the shared selects. */
function LomField({ value, onChange }: FieldProps<number | null>) {
  return (
    <PickSelect
      kind="lom"
      placeholder="Начните вводить имя"
      value={value}
      onChange={(id) => onChange?.(id)}
      autoFocus
    />
  );
}

function PickFieldSingle({
  value,
  onChange,
  ...rest
}: FieldProps<number | null> & Pick<Parameters<typeof PickSelect>[0], 'kind' | 'placeholder' | 'extra'>) {
  return <PickSelect {...rest} value={value} onChange={(id) => onChange?.(id)} />;
}

function MoodSelectField({ value, onChange }: FieldProps<Mood | null>) {
  return <MoodSelect value={value} onChange={(mood) => onChange?.(mood)} />;
}
