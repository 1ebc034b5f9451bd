import { AUTH_PATHS, apiPath } from '@monitoring/contracts';
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

/** PATCH users/change_password/: the current password, the new one and its repeat. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: {
      old_password: string;
      password: string;
      password2: string;
    }): Promise<void> => {
      await apiFetch(AUTH_PATHS.changePassword, { method: 'PATCH', body, handledStatuses: [400] });
    },
  });
}

/** POST confirm-password/{id}/{token}/: sets the new password from the mailed link. */
export function useConfirmPassword() {
  return useMutation({
    mutationFn: async ({ id, token, password }: { id: number; token: string; password: string }) => {
      await apiFetch(apiPath(AUTH_PATHS.confirmPassword, { id, token }), {
        method: 'POST',
        body: { password },
        handledStatuses: [400],
      });
    },
  });
}
