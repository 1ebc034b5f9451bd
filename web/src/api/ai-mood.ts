import { AI_MOOD_PATHS, moodModelsAnswer, moodTrainingStatus } from '@monitoring/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

const KEY = ['ai-mood'] as const;

/** GET ai/mood/models/: the active mood model, its scores, the history; polled while a training runs. */
export function useMoodModels() {
  return useQuery({
    queryKey: [...KEY, 'models'],
    queryFn: ({ signal }) => apiFetch(AI_MOOD_PATHS.models, { signal, schema: moodModelsAnswer }),
    refetchInterval: (query) => (query.state.data?.training.running ? 1000 : false),
  });
}

/** POST ai/mood/train/: starts a training run (it goes on after the answer). */
export function useTrainMoodModel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(AI_MOOD_PATHS.train, { method: 'POST', schema: moodTrainingStatus, expectStatus: 202 }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
