import { Alert } from 'antd';
import { useOnline } from './useOnline.ts';

export const OFFLINE_TEXT = 'Нет соединения с сервером';

export function OfflineAlert() {
  const online = useOnline();
  if (online) return null;
  return <Alert type="error" banner showIcon title={OFFLINE_TEXT} role="alert" className="offline-alert" />;
}
