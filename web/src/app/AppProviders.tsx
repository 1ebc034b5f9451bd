import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
// The ES module of the locale: `antd/locale/ru_RU` is the CommonJS build and its helpers.
import ruRU from 'antd/es/locale/ru_RU';
import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import type { ReactNode } from 'react';
import { AppFeedback } from './AppFeedback.tsx';
import { NotificationBridge } from './NotificationBridge.tsx';
import { NOTIFICATION_DURATION_S } from './notifier.ts';
import { THEME } from './theme.ts';

dayjs.locale('ru');

const NOTIFICATION_CONFIG = {
  duration: NOTIFICATION_DURATION_S,
  placement: 'topRight',
  maxCount: 5,
} as const;

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={ruRU} theme={THEME}>
        <AppFeedback notification={NOTIFICATION_CONFIG}>
          <NotificationBridge />
          {children}
        </AppFeedback>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
