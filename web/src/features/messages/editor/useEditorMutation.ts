import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageKeys } from '../../../api/messages.ts';
import { useFeedback } from '../../../ui/feedback.ts';

/**
 * A change made in the message editor. Afterwards the message is reloaded
 * (§4 "most actions reload the message") — also after a failure, so the screen
 * shows what the server holds — and the lists are marked stale.
 */
export function useEditorMutation<TVars, TResult = unknown>(
  messageId: number,
  run: (vars: TVars) => Promise<TResult>,
  successText?: string | ((result: TResult) => string),
) {
  const queryClient = useQueryClient();
  const { message } = useFeedback();
  return useMutation({
    mutationFn: run,
    onSuccess: (result) => {
      if (successText) message.success(typeof successText === 'function' ? successText(result) : successText);
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: messageKeys.detail(messageId) }),
        queryClient.invalidateQueries({ queryKey: messageKeys.lists(), refetchType: 'none' }),
      ]);
    },
  });
}
