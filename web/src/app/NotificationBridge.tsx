import { useEffect } from 'react';
import { useFeedback } from '../ui/feedback.ts';
import { setNotificationInstance } from './notifier.ts';

/** Hands the app's notification API (antd's, context-aware) to `notify`. */
export function NotificationBridge() {
  const { notification } = useFeedback();
  useEffect(() => {
    setNotificationInstance(notification);
    return () => setNotificationInstance(null);
  }, [notification]);
  return null;
}
