import type { LomSourceCreateBody } from '@monitoring/contracts';
import { Form, Input, InputNumber, Modal, Switch } from 'antd';
import { isApiError } from '../../../api/api-error.ts';
import { useCreateLomSource } from '../../../api/lom-writes.ts';
import { useFeedback } from '../../../ui/feedback.ts';
import { PickSelect } from '../../../ui/PickSelect.tsx';
import { PROFILE_TEXTS } from './profile-texts.ts';
import { useFeedOffer } from './useFeedOffer.tsx';

const T = PROFILE_TEXTS.source;

interface FormValues {
  source: number | null;
  lom_source_url: string;
  coverage: number | null;
  is_active: boolean;
}

const FIELDS = new Set(['source', 'lom_source_url', 'coverage', 'is_active']);
const HTTP = /^https?:\/\/\S+$/i;

interface LomSourceDialogProps {
  lomId: number;
  open: boolean;
  onClose: () => void;
}

/**
 * «Добавить источник»: a new account of the lom (platform, address, coverage, active). A t.me, vk.com or YouTube
 * address is then offered a feed that collects its publications (useFeedOffer).
 */
export function LomSourceDialog({ lomId, open, onClose }: LomSourceDialogProps) {
  const { message } = useFeedback();
  const [form] = Form.useForm<FormValues>();
  const create = useCreateLomSource(lomId);
  const offerFeed = useFeedOffer();

  const close = () => {
    form.resetFields();
    create.reset();
    onClose();
  };

  const submit = (values: FormValues) => {
    const body: LomSourceCreateBody = {
      source: values.source ?? 0,
      lom_source_url: values.lom_source_url.trim(),
      coverage: values.coverage ?? 0,
      is_active: values.is_active,
    };
    create.mutate(body, {
      onSuccess: (saved) => {
        message.success(PROFILE_TEXTS.sourceAdded);
        close();
        offerFeed(lomId, [saved]);
      },
      onError: (error) => {
        if (!isApiError(error) || error.status !== 400) return;
        if (error.field && FIELDS.has(error.field)) {
          form.setFields([{ name: error.field as keyof FormValues, errors: [error.message] }]);
        } else {
          message.error(error.message);
        }
      },
    });
  };

  return (
    <Modal
      open={open}
      title={PROFILE_TEXTS.addSource}
      okText={PROFILE_TEXTS.addSource}
      cancelText={PROFILE_TEXTS.cancel}
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{ source: null, lom_source_url: '', coverage: 0, is_active: true }}
        onFinish={submit}
      >
        <Form.Item name="source" label={T.platform} rules={[{ required: true, message: T.platformRequired }]}>
          <SourceField />
        </Form.Item>
        <Form.Item
          name="lom_source_url"
          label={T.url}
          rules={[
            { required: true, whitespace: true, message: T.urlRequired },
            { pattern: HTTP, message: T.urlInvalid },
          ]}
        >
          <Input placeholder="https://" aria-label={T.url} inputMode="url" />
        </Form.Item>
        <Form.Item name="coverage" label={T.coverage}>
          <InputNumber min={0} precision={0} style={{ width: '100%' }} aria-label={T.coverage} />
        </Form.Item>
        <Form.Item name="is_active" label={T.active} valuePropName="checked">
          <Switch aria-label={T.active} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The platform pick list as a form control. */
function SourceField({ value, onChange }: { value?: number | null; onChange?: (id: number | null) => void }) {
  return (
    <PickSelect kind="source" placeholder={T.platform} value={value} onChange={(id) => onChange?.(id)} />
  );
}
