import './card/lom-profile.css';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { LomCreateBody } from '@monitoring/contracts';
import { Button, Form, Input, InputNumber, Space, Switch } from 'antd';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { useCreateLom } from '../../api/lom-writes.ts';
import { useCan } from '../../api/useCan.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { useFeedback } from '../../ui/feedback.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { PickSelect } from '../../ui/PickSelect.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { LomCardFieldItems } from './card/LomCardFieldItems.tsx';
import { CARD_FORM_FIELDS, cardBody, EMPTY_CARD_FORM, type LomCardFormValues } from './card/profile-form.ts';
import { ADD_TEXTS, PROFILE_TEXTS } from './card/profile-texts.ts';
import { useFeedOffer } from './card/useFeedOffer.tsx';

const S = PROFILE_TEXTS.source;

interface SourceValues {
  source: number | null;
  lom_source_url: string;
  coverage: number | null;
  is_active: boolean;
}

interface FormValues extends LomCardFormValues {
  name: string;
  middlename: string;
  nickname: string;
  region: number | null;
  city: number | null;
  sources: SourceValues[];
}

const NEW_SOURCE: SourceValues = { source: null, lom_source_url: '', coverage: 0, is_active: true };
const TOP_FIELDS = new Set(['name', 'middlename', 'nickname', 'region', 'city']);
const HTTP = /^https?:\/\/\S+$/i;

function toBody(values: FormValues): LomCreateBody {
  return {
    name: values.name,
    middlename: values.middlename || null,
    nickname: values.nickname || null,
    region: values.region,
    city: values.city,
    ...cardBody(values),
    sources: (values.sources ?? []).map((s) => ({
      source: s.source ?? 0,
      lom_source_url: s.lom_source_url.trim(),
      coverage: s.coverage ?? 0,
      is_active: s.is_active,
    })),
  };
}

/** `sources.1.lom_source_url` → ['sources', 1, 'lom_source_url']: where a 400 belongs in the form. */
function formPath(field: string): (string | number)[] | null {
  const parts = field.split('.');
  if (parts[0] === 'sources' && parts.length === 3) return ['sources', Number(parts[1]), parts[2]];
  if (TOP_FIELDS.has(parts[0]) || CARD_FORM_FIELDS.has(parts[0])) return [parts[0]];
  return null;
}

/**
 * /loms/add: a new lom by hand. Keyboard first: the name has focus, Tab walks the fields
 * in reading order, Ctrl+Enter anywhere saves. After saving, the new lom's card opens.
 */
export function LomAddPage() {
  usePageTitle(PAGE_TITLES['loms-add']);
  const can = useCan();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const [form] = Form.useForm<FormValues>();
  const region = Form.useWatch('region', form);
  const create = useCreateLom();
  const offerFeed = useFeedOffer();
  // Producer-center users see only part of a card, so they may not make one (the server agrees).
  const allowed = can('CREATE_LOM') && !can('base_lom_card_for_pc') && !can('extended_lom_card_for_pc');

  if (!allowed) {
    return (
      <section className="page">
        <PageHeading>{PAGE_TITLES['loms-add']}</PageHeading>
        <p>{ADD_TEXTS.forbidden}</p>
      </section>
    );
  }

  const submit = (values: FormValues) =>
    create.mutate(toBody(values), {
      onSuccess: (card) => {
        message.success(ADD_TEXTS.created);
        navigate(`/loms/${card.id}`);
        offerFeed(card.id, card.lom_sources);
      },
      onError: (error) => {
        if (!isApiError(error) || error.status !== 400) return;
        const path = error.field ? formPath(error.field) : null;
        if (path) form.setFields([{ name: path as never, errors: [error.message] }]);
        else message.error(error.message);
      },
    });

  return (
    <section className="page lom-add">
      <PageHeading>{PAGE_TITLES['loms-add']}</PageHeading>
      <p className="muted">{ADD_TEXTS.hint}</p>
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{
          ...EMPTY_CARD_FORM,
          name: '',
          middlename: '',
          nickname: '',
          region: null,
          city: null,
          sources: [],
        }}
        onFinish={submit}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) form.submit();
        }}
      >
        <div className="lom-profile__grid">
          <Form.Item
            name="name"
            label={ADD_TEXTS.name}
            rules={[{ required: true, whitespace: true, message: ADD_TEXTS.nameRequired }]}
          >
            <Input autoFocus maxLength={300} aria-label={ADD_TEXTS.name} />
          </Form.Item>
          <Form.Item name="middlename" label={ADD_TEXTS.middlename}>
            <Input maxLength={300} aria-label={ADD_TEXTS.middlename} />
          </Form.Item>
          <Form.Item name="nickname" label={ADD_TEXTS.nickname}>
            <Input maxLength={300} aria-label={ADD_TEXTS.nickname} />
          </Form.Item>
          <Form.Item name="region" label={ADD_TEXTS.region}>
            <PickField kind="region" placeholder={ADD_TEXTS.region} />
          </Form.Item>
          <Form.Item name="city" label={ADD_TEXTS.city}>
            <PickField
              kind="city"
              placeholder={ADD_TEXTS.city}
              extra={region ? { region_in: [region] } : undefined}
            />
          </Form.Item>
        </div>
        <LomCardFieldItems />
        <h2 className="lom-add__subtitle">{ADD_TEXTS.sources}</h2>
        <Form.List name="sources">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <div key={field.key} className="lom-add__source">
                  <Form.Item
                    name={[field.name, 'source']}
                    label={S.platform}
                    rules={[{ required: true, message: S.platformRequired }]}
                  >
                    <PickField kind="source" placeholder={S.platform} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'lom_source_url']}
                    label={S.url}
                    rules={[
                      { required: true, whitespace: true, message: S.urlRequired },
                      { pattern: HTTP, message: S.urlInvalid },
                    ]}
                  >
                    <Input placeholder="https://" inputMode="url" aria-label={S.url} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'coverage']} label={S.coverage}>
                    <InputNumber min={0} precision={0} style={{ width: '100%' }} aria-label={S.coverage} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'is_active']} label={S.active} valuePropName="checked">
                    <Switch aria-label={S.active} />
                  </Form.Item>
                  <Form.Item label=" ">
                    <Button
                      type="text"
                      icon={<MinusCircleOutlined />}
                      aria-label={ADD_TEXTS.removeSource}
                      onClick={() => remove(field.name)}
                    />
                  </Form.Item>
                </div>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ ...NEW_SOURCE })}>
                {ADD_TEXTS.addSource}
              </Button>
            </>
          )}
        </Form.List>
        <Space className="lom-add__actions">
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {ADD_TEXTS.submit}
          </Button>
        </Space>
      </Form>
    </section>
  );
}

interface PickFieldProps {
  kind: 'region' | 'city' | 'source';
  placeholder: string;
  extra?: Record<string, readonly number[]>;
  value?: number | null;
  onChange?: (id: number | null) => void;
}

/** A single pick list as a form control. */
function PickField({ kind, placeholder, extra, value, onChange }: PickFieldProps) {
  return (
    <PickSelect
      kind={kind}
      placeholder={placeholder}
      extra={extra}
      value={value}
      onChange={(id) => onChange?.(id)}
    />
  );
}
