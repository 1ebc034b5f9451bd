import type { App } from 'antd';
import { createContext, useContext } from 'react';

/** antd's message, notification and modal API, as `App.useApp()` gives it. */
export type FeedbackApi = ReturnType<typeof App.useApp>;

const missing = (): never => {
  throw new Error('useFeedback() is used outside AppProviders');
};

/**
 * The app's message, notification and modal API. The app provides it (app/AppFeedback.tsx)
 * without loading antd's `App` before the first screen: a call made before that code has
 * loaded is queued and shown once it has (docs/first-screen.md).
 */
export const FeedbackContext = createContext<FeedbackApi>({
  message: new Proxy({}, { get: missing }) as FeedbackApi['message'],
  notification: new Proxy({}, { get: missing }) as FeedbackApi['notification'],
  modal: new Proxy({}, { get: missing }) as FeedbackApi['modal'],
});

/** What `useFeedback()` was: `const { message, modal, notification } = useFeedback()`. */
export function useFeedback(): FeedbackApi {
  return useContext(FeedbackContext);
}
