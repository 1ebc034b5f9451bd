import { App, type AppProps } from 'antd';
import { useEffect } from 'react';
import type { FeedbackApi } from '../ui/feedback.ts';

function Registrar({ onReady }: { onReady: (api: FeedbackApi) => void }) {
  const api = App.useApp();
  useEffect(() => onReady(api), [api, onReady]);
  return null;
}

/**
 * antd's `App` with its message, notification and modal holders, a chunk of its own that
 * AppFeedback loads after the first screen: it hands the API to AppFeedback, which forwards
 * to it every call, the queued ones first.
 */
export interface FeedbackHoldersProps {
  notification: AppProps['notification'];
  onReady: (api: FeedbackApi) => void;
}

export default function FeedbackHolders({ notification, onReady }: FeedbackHoldersProps) {
  return (
    <App component={false} notification={notification}>
      <Registrar onReady={onReady} />
    </App>
  );
}
