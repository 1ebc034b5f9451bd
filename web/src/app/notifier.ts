import type { App } from 'antd';

type NotificationInstance = ReturnType<typeof App.useApp>['notification'];

/** product.md §9: notifications last 5000 ms and close on click. */
export const NOTIFICATION_DURATION_S = 5;

export type NoticeType = 'info' | 'success' | 'warning' | 'error';

export interface Notice {
  title: string;
  description?: string;
  type?: NoticeType;
}

let instance: NotificationInstance | null = null;
let counter = 0;

/** Set by NotificationBridge inside antd's App so code outside React can notify. */
export function setNotificationInstance(next: NotificationInstance | null): void {
  instance = next;
}

export function notify({ title, description, type = 'info' }: Notice): void {
  const api = instance;
  if (!api) return;
  counter += 1;
  const key = `notice-${counter}`;
  api.open({
    key,
    type,
    title,
    description,
    duration: NOTIFICATION_DURATION_S,
    // Warnings and errors are red (product.md §9).
    className: type === 'warning' ? 'notice-warning' : undefined,
    onClick: () => api.destroy(key),
  });
}
