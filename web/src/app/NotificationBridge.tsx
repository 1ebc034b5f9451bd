import { App } from 'antd';
import { useEffect } from 'react';
import { setNotificationInstance } from './notifier.ts';

/** Hands antd's context-aware notification API to `notify`. */
export function NotificationBridge() {
  const { notification } = App.useApp();
  useEffect(() => {
    setNotificationInstance(notification);
    return () => setNotificationInstance(null);
  }, [notification]);
  return null;
}
