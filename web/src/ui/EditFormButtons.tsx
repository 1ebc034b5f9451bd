import { Button, Space } from 'antd';
import { Link } from 'react-router';

/** «Сохранить» (the form's submit) and «Отмена» back to where the edit started. */
export function EditFormButtons({ saving, cancelTo }: { saving: boolean; cancelTo: string }) {
  return (
    <Space>
      <Button type="primary" htmlType="submit" loading={saving}>
        Сохранить
      </Button>
      <Link to={cancelTo}>
        <Button>Отмена</Button>
      </Link>
    </Space>
  );
}
