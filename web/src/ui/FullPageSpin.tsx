import { Spin } from 'antd';

export function FullPageSpin() {
  return (
    <div className="full-page-spin">
      <Spin size="large" description="Загрузка…" />
    </div>
  );
}
