import type { SourceName } from '../data/directories.ts';
import type { Random } from '../random.ts';
import type { Loader } from './loader.ts';

/**
 * What the generators share: the PRNG, the loader and the ids (with the few facts the
 * later generators need) of everything written so far. Ids are assigned here, not by
 * sequences, so link rows can be written without reading anything back.
 */

export interface SourceInfo {
  id: number;
  name: SourceName;
  host: string;
  weight: number;
}

export interface RegionInfo {
  id: number;
  name: string;
  weight: number;
  cities: { id: number; name: string }[];
}

export interface InfoReasonInfo {
  id: number;
  name: string;
  target: number | null;
  /** Active period in ms since epoch: messages about it fall inside. */
  from: number;
  to: number;
}

export interface ThemeInfo {
  id: number;
  name: string;
  weight: number;
  reasons: InfoReasonInfo[];
}

export type LomKind = 'person' | 'brand' | 'channel';

export interface LomSourceInfo {
  id: number;
  source: SourceInfo;
  coverage: number;
  handle: string;
}

export interface LomInfo {
  id: number;
  kind: LomKind;
  /** The name as texts mention it: «Анна Петрова», «Кофейня «Ромашка»». */
  displayName: string;
  name: string;
  gender: 'male' | 'female' | null;
  regionId: number;
  cityId: number;
  cityName: string;
  federal: boolean;
  sources: LomSourceInfo[];
  /** Relative share of all messages written by this lom. */
  activity: number;
  /** Typical mood bias: positive leaning (>0) or critical (<0). */
  attitude: number;
  rubricIds: number[];
  occupation: string | null;
  age: number | null;
  producerCenterId: number | null;
}

export interface DemoUserInfo {
  id: number;
  login: string;
  role: number;
}

export interface World {
  random: Random;
  loader: Loader;
  now: Date;
  messageCount: number;
  lomCount: number;
  /** Themes in total (curated, AI and generated); at most the curated ones when unset. */
  themeCount?: number;
  progress: (line: string) => void;
  users: DemoUserInfo[];
  organizationIds: number[];
  sources: SourceInfo[];
  regions: RegionInfo[];
  headingIds: number[];
  channelIds: number[];
  lomTypeIds: { category: number[]; segment: number[]; interest: number[]; plain: number[] };
  lomFocusIds: number[];
  interestIds: number[];
  producerCenters: { id: number; name: string }[];
  listAndTypeIds: number[];
  rubrics: { id: number; name: string; type: 'rubric' | 'theme' }[];
  tagIds: number[];
  themes: ThemeInfo[];
  loms: LomInfo[];
  /** News stories by info reason, oldest first. */
  newsByReason: Map<number, { id: number; at: number }[]>;
  personalTagIds: { userId: number; ids: number[] }[];
}
