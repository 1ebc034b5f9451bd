import { AUTH_PATHS } from '@monitoring/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

/** api.md §7.1: the server mails a reset link when the address is known, and answers the same either way. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: async (body: { email: string }): Promise<void> => {
      await apiFetch(AUTH_PATHS.passwordReset, { method: 'POST', body });
    },
  });
}
