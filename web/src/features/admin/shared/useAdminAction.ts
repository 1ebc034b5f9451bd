import { isApiError } from '../../../api/api-error.ts';
import { useFeedback } from '../../../ui/feedback.ts';

/**
 * Runs an admin write after a confirmation: «Да» starts it, the dialog waits for the answer, success says so, a
 * 400 shows the server's Russian reason (the API client notifies every other failure itself).
 */
export function useAdminAction() {
  const { message, modal } = useFeedback();
  return function confirmAndRun<T>(options: {
    title: string;
    content?: string;
    okText: string;
    danger?: boolean;
    run: () => Promise<T>;
    success: (result: T) => string;
    failure: string;
    onDone?: () => void;
  }) {
    modal.confirm({
      title: options.title,
      content: options.content,
      okText: options.okText,
      okButtonProps: { danger: options.danger ?? true },
      cancelText: 'Отмена',
      onOk: () =>
        options
          .run()
          .then((result) => {
            message.success(options.success(result));
            options.onDone?.();
          })
          .catch((error: unknown) => {
            if (isApiError(error) && error.status === 400)
              message.error(`${options.failure}: ${error.message}`);
          }),
    });
  };
}
