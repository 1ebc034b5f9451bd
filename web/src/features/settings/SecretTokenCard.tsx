import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Popconfirm, Space, Spin } from 'antd';
import { useEffect } from 'react';
import { isApiError } from '../../api/api-error.ts';
import { useCan } from '../../api/useCan.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useFeedback } from '../../ui/feedback.ts';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert.tsx';

/** The words of a token card: what the token is for, its states and its actions. */
export interface SecretTokenTexts {
  title: string;
  hint: string;
  loadError: string;
  state: string;
  notConfigured: string;
  updated: string;
  token: string;
  tokenRequired: string;
  save: string;
  saved: string;
  remove: string;
  removeConfirm: string;
  removed: string;
  cancel: string;
}

interface Props<T extends { configured: boolean; updated_at: string | null }> {
  texts: SecretTokenTexts;
  className: string;
  /** The body's field of the token, where a 400 naming it lands. */
  field: string;
  placeholder?: string;
  settings: UseQueryResult<T>;
  save: UseMutationResult<unknown, Error, string | null>;
  /** The state line of a set token (its label: the bot's name, the key's last characters). */
  configuredText: (data: T) => string;
  /** The form's own check of a typed token (the contract's rule): its Russian message, or null. */
  check?: (value: string) => string | null;
}

/**
 * A token an administrator sets in the settings (the Telegram bot's, the VK service key: app_secrets on the server):
 * whether it is set, its label and when; administrators (ADMIN_PANEL) set it in a password field, never shown
 * back, or remove it after a confirmation.
 */
export function SecretTokenCard<T extends { configured: boolean; updated_at: string | null }>({
  texts,
  className,
  field,
  placeholder,
  settings,
  save,
  configuredText,
  check,
}: Props<T>) {
  const isAdmin = useCan()('ADMIN_PANEL');
  const { message } = useFeedback();
  const [form] = Form.useForm<Record<string, string>>();
  const error = isApiError(save.error) && save.error.status === 400 ? save.error : null;

  useEffect(() => {
    if (error && (error.field === field || !error.field))
      form.setFields([{ name: field, errors: [error.message] }]);
  }, [error, form, field]);

  const data = settings.data;
  return (
    <Card title={texts.title} className={className}>
      <p>{texts.hint}</p>
      {settings.isError && !data ? (
        <LoadErrorAlert
          title={texts.loadError}
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      ) : !data ? (
        <Spin />
      ) : (
        <Descriptions
          column={1}
          size="small"
          items={[
            {
              key: 'state',
              label: texts.state,
              children: data.configured ? configuredText(data) : texts.notConfigured,
            },
            ...(data.updated_at
              ? [{ key: 'updated', label: texts.updated, children: formatDateTime(data.updated_at) }]
              : []),
          ]}
        />
      )}
      {isAdmin ? (
        <Form<Record<string, string>>
          form={form}
          layout="vertical"
          className={`${className}__form`}
          onFinish={(values) =>
            save.mutate(values[field].trim(), {
              onSuccess: () => {
                form.resetFields();
                message.success(texts.saved);
              },
            })
          }
        >
          <Form.Item
            name={field}
            label={texts.token}
            validateTrigger="onSubmit"
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  if (!value?.trim()) throw new Error(texts.tokenRequired);
                  const problem = check?.(value);
                  if (problem) throw new Error(problem);
                },
              },
            ]}
          >
            <Input.Password autoComplete="off" placeholder={placeholder} />
          </Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={save.isPending && save.variables !== null}>
              {texts.save}
            </Button>
            {data?.configured ? (
              <Popconfirm
                title={texts.removeConfirm}
                okText={texts.remove}
                cancelText={texts.cancel}
                okButtonProps={{ danger: true }}
                onConfirm={() => save.mutate(null, { onSuccess: () => message.success(texts.removed) })}
              >
                <Button danger loading={save.isPending && save.variables === null}>
                  {texts.remove}
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
          {error?.field && error.field !== field ? (
            <Alert type="error" showIcon title={error.message} role="alert" />
          ) : null}
        </Form>
      ) : null}
    </Card>
  );
}
