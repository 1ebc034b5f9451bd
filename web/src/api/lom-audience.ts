import {
  apiPath,
  LOM_AUDIENCE_PATHS,
  LOM_GRAPH_PATH,
  type LomGraphKind,
  lomAudienceResponse,
  lomBrandsResponse,
  lomGraphResponse,
  lomInterestsResponse,
  lomPeriodInterestsResponse,
  lomQualityAudienceResponse,
  type Period,
} from '@monitoring/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

/** A period of Moscow days, both ends inclusive (the card's period). */
export interface DayPeriod {
  after: string;
  before: string;
}

const periodQuery = (period: DayPeriod) => ({ period_after: period.after, period_before: period.before });

export const lomAudienceKeys = {
  all: ['lom-audience'] as const,
  audience: (id: number) => [...lomAudienceKeys.all, 'audience', id] as const,
  interests: (id: number) => [...lomAudienceKeys.all, 'interests', id] as const,
  periodInterests: (id: number, period: DayPeriod) =>
    [...lomAudienceKeys.all, 'period-interests', id, period.after, period.before] as const,
  quality: (id: number) => [...lomAudienceKeys.all, 'quality', id] as const,
  brands: (id: number) => [...lomAudienceKeys.all, 'brands', id] as const,
  graph: (kind: LomGraphKind, id: number, period: DayPeriod, step: Period) =>
    [...lomAudienceKeys.all, 'graph', kind, id, period.after, period.before, step] as const,
};

/** The lom's audience groups, as a whole and per account. */
export function useLomAudience(id: number) {
  return useQuery({
    queryKey: lomAudienceKeys.audience(id),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(LOM_AUDIENCE_PATHS.audience, { id }), { signal, schema: lomAudienceResponse }),
  });
}

/** The audience's interests (all of them). */
export function useLomInterests(id: number) {
  return useQuery({
    queryKey: lomAudienceKeys.interests(id),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(LOM_AUDIENCE_PATHS.interestAll, { id }), { signal, schema: lomInterestsResponse }),
  });
}

/** The themes of the lom's publications in the period; the old period stays while the new loads. */
export function useLomPeriodInterests(id: number, period: DayPeriod) {
  return useQuery({
    queryKey: lomAudienceKeys.periodInterests(id, period),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(LOM_AUDIENCE_PATHS.interestByPeriod, { id }), {
        signal,
        query: periodQuery(period),
        schema: lomPeriodInterestsResponse,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useLomQualityAudience(id: number) {
  return useQuery({
    queryKey: lomAudienceKeys.quality(id),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(LOM_AUDIENCE_PATHS.qualityAudience, { id }), {
        signal,
        schema: lomQualityAudienceResponse,
      }),
  });
}

export function useLomBrands(id: number) {
  return useQuery({
    queryKey: lomAudienceKeys.brands(id),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(LOM_AUDIENCE_PATHS.brands, { id }), { signal, schema: lomBrandsResponse }),
  });
}

/** One dynamic graph (subscribers, SI or views) of the period, a point per step. */
export function useLomGraph(kind: LomGraphKind, id: number, period: DayPeriod, step: Period) {
  return useQuery({
    queryKey: lomAudienceKeys.graph(kind, id, period, step),
    queryFn: ({ signal }) =>
      apiFetch(apiPath(LOM_GRAPH_PATH[kind], { id }), {
        signal,
        query: { ...periodQuery(period), filter: step },
        schema: lomGraphResponse,
      }),
    placeholderData: keepPreviousData,
  });
}
