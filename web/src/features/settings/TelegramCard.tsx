import { Alert, Button, Card, Descriptions, Form, Input, Popconfirm, Space, Spin } from 'antd';
import { useEffect } from 'react';
import { useSaveTelegramToken, useTelegramSettings } from '../../api/alerts.ts';
import { isApiError } from '../../api/api-error.ts';
import { useCan } from '../../api/useCan.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useFeedback } from '../../ui/feedback.ts';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert.tsx';

export const TELEGRAM_TEXTS = {
  title: 'Telegram-бот',
  hint: 'Бот отправляет оповещения в чаты Telegram. Токен выдаёт @BotFather; после сохранения он не показывается.',
  loadError: 'Не удалось загрузить настройки Telegram',
  state: 'Состояние',
  configured: (name: string | null) => (name ? `Настроен: @${name}` : 'Настроен'),
  notConfigured: 'Не настроен: оповещения в Telegram не отправляются',
  updated: 'Изменён',
  token: 'Токен бота',
  tokenRequired: 'Введите токен бота',
  save: 'Сохранить токен',
  saved: 'Токен бота сохранён',
  remove: 'Удалить токен',
  removeConfirm: 'Удалить токен бота? Оповещения в Telegram перестанут отправляться.',
  removed: 'Токен бота удалён',
  cancel: 'Отмена',
} as const;

/**
 * «Telegram-бот» of the settings (issue 30): whether a bot token is set and the bot's name; administrators
 * (ADMIN_PANEL) set the token (a password field, never shown back) or remove it after a confirmation.
 */
export function TelegramCard() {
  const settings = useTelegramSettings();
  const save = useSaveTelegramToken();
  const isAdmin = useCan()('ADMIN_PANEL');
  const { message } = useFeedback();
  const [form] = Form.useForm<{ bot_token: string }>();
  const error = isApiError(save.error) && save.error.status === 400 ? save.error : null;

  useEffect(() => {
    if (error && (error.field === 'bot_token' || !error.field))
      form.setFields([{ name: 'bot_token', errors: [error.message] }]);
  }, [error, form]);

  const data = settings.data;
  return (
    <Card title={TELEGRAM_TEXTS.title} className="telegram-card">
      <p>{TELEGRAM_TEXTS.hint}</p>
      {settings.isError && !data ? (
        <LoadErrorAlert
          title={TELEGRAM_TEXTS.loadError}
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
              label: TELEGRAM_TEXTS.state,
              children: data.configured
                ? TELEGRAM_TEXTS.configured(data.bot_username)
                : TELEGRAM_TEXTS.notConfigured,
            },
            ...(data.updated_at
              ? [{ key: 'updated', label: TELEGRAM_TEXTS.updated, children: formatDateTime(data.updated_at) }]
              : []),
          ]}
        />
      )}
      {isAdmin ? (
        <Form<{ bot_token: string }>
          form={form}
          layout="vertical"
          className="telegram-card__form"
          onFinish={(values) =>
            save.mutate(values.bot_token.trim(), {
              onSuccess: () => {
                form.resetFields();
                message.success(TELEGRAM_TEXTS.saved);
              },
            })
          }
        >
          <Form.Item
            name="bot_token"
            label={TELEGRAM_TEXTS.token}
            rules={[{ required: true, whitespace: true, message: TELEGRAM_TEXTS.tokenRequired }]}
          >
            <Input.Password autoComplete="off" placeholder="123456789:AA…" />
          </Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={save.isPending && save.variables !== null}>
              {TELEGRAM_TEXTS.save}
            </Button>
            {data?.configured ? (
              <Popconfirm
                title={TELEGRAM_TEXTS.removeConfirm}
                okText={TELEGRAM_TEXTS.remove}
                cancelText={TELEGRAM_TEXTS.cancel}
                okButtonProps={{ danger: true }}
                onConfirm={() =>
                  save.mutate(null, { onSuccess: () => message.success(TELEGRAM_TEXTS.removed) })
                }
              >
                <Button danger loading={save.isPending && save.variables === null}>
                  {TELEGRAM_TEXTS.remove}
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
          {error?.field && error.field !== 'bot_token' ? (
            <Alert type="error" showIcon title={error.message} role="alert" />
          ) : null}
        </Form>
      ) : null}
    </Card>
  );
}
