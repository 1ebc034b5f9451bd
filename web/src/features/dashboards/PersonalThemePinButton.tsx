import { PushpinFilled, PushpinOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { usePinPersonalTheme } from '../../api/dashboards.ts';
import { useFeedback } from '../../ui/feedback.ts';

interface PersonalThemePinButtonProps {
  id: number;
  name: string;
  pinned: boolean;
}

/** Pins one's personal theme on the theme dashboards page, or unpins it after a confirmation. */
export function PersonalThemePinButton({ id, name, pinned }: PersonalThemePinButtonProps) {
  const { message } = useFeedback();
  const pin = usePinPersonalTheme();
  if (!pinned) {
    return (
      <Button
        icon={<PushpinOutlined />}
        loading={pin.isPending}
        onClick={() =>
          pin.mutate(
            { theme: id, pinned: true },
            { onSuccess: () => message.success(`Личная тема «${name}» закреплена на дашборде тем`) },
          )
        }
      >
        Закрепить
      </Button>
    );
  }
  return (
    <Popconfirm
      title={`Открепить личную тему «${name}»?`}
      description="Тема и её дашборд останутся, она пропадёт только из закреплённых."
      okText="Открепить"
      cancelText="Отмена"
      onConfirm={() => pin.mutate({ theme: id, pinned: false })}
    >
      <Button icon={<PushpinFilled />} loading={pin.isPending}>
        Открепить
      </Button>
    </Popconfirm>
  );
}
