import {
  AI_THEME_PATHS,
  type AiProposeBody,
  aiMarkupConfirmResult,
  aiProposalList,
  aiProposeResult,
  apiPath,
} from '@monitoring/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { themeKeys } from './themes.ts';

/** The AI themes (docs/ai-themes.md): the proposals of /themes-ai, proposing now, confirming a suggestion. */

export const aiProposalKeys = {
  all: ['ai-proposals'] as const,
  page: (page: number) => [...aiProposalKeys.all, page] as const,
};

export function useAiProposals(page: number) {
  return useQuery({
    queryKey: aiProposalKeys.page(page),
    queryFn: ({ signal }) =>
      apiFetch(AI_THEME_PATHS.proposals, { signal, query: { page }, schema: aiProposalList }),
    placeholderData: keepPreviousData,
  });
}

/** Clustering now: afterwards the proposals and the AI themes table refetch. */
export function useProposeAiThemes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AiProposeBody) =>
      apiFetch(AI_THEME_PATHS.propose, { method: 'POST', body: body ?? {}, schema: aiProposeResult }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: aiProposalKeys.all });
      void queryClient.invalidateQueries({ queryKey: themeKeys.lists() });
    },
  });
}

/** Marks the proposals stale after a theme write (approve, reject) on /themes-ai. */
export function useRefreshAiProposals() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: aiProposalKeys.all });
}

export function confirmAiMarkup(markupId: number) {
  return apiFetch(apiPath(AI_THEME_PATHS.confirmMarkup, { id: markupId }), {
    method: 'POST',
    schema: aiMarkupConfirmResult,
  });
}
