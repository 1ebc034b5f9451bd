import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageKeys } from '../../../api/messages.ts';
import { useFeedback } from '../../../ui/feedback.ts';

export interface EditorMutationOptions {
  /**
   * Settle on the server's answer and reload the message in the background, instead of waiting for the reload:
   * for a control that closes when the change is made (the selection popover's «Создать фрагмент»).
   */
  reloadInBackground?: boolean;
}

/**
 * A change made in the message editor. Afterwards the message is reloaded
 * (§4 "most actions reload the message") — also after a failure, so the screen
 * shows what the server holds — and the lists are marked stale. By default the
 * mutation stays pending until the reload is done (a flag button shows its new
 * state as its spinner stops).
 */
export function useEditorMutation<TVars, TResult = unknown>(
  messageId: number,
  run: (vars: TVars) => Promise<TResult>,
  successText?: string | ((result: TResult) => string),
  { reloadInBackground = false }: EditorMutationOptions = {},
) {
  const queryClient = useQueryClient();
  const { message } = useFeedback();
  return useMutation({
    mutationFn: run,
    onSuccess: (result) => {
      if (successText) message.success(typeof successText === 'function' ? successText(result) : successText);
    },
    onSettled: () => {
      const reload = Promise.all([
        queryClient.invalidateQueries({ queryKey: messageKeys.detail(messageId) }),
        queryClient.invalidateQueries({ queryKey: messageKeys.lists(), refetchType: 'none' }),
      ]);
      return reloadInBackground ? undefined : reload;
    },
  });
}
