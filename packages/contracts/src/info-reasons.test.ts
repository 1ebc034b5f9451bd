import { describe, expect, it } from 'vitest';
import {
  INFO_REASON_DEFAULT_NAME,
  INFO_REASON_TARGET_TONALITIES,
  infoReasonActualMood,
  infoReasonComplete,
  infoReasonCreateBody,
  infoReasonListQuery,
  infoReasonMassArchiveBody,
  infoReasonMergeBody,
  infoReasonRenameBody,
  infoReasonThemeMassAddBody,
  infoReasonTonalityBody,
} from './info-reasons.ts';

describe('infoReasonComplete', () => {
  it('is true when actual and target are in the positive pair {1, 6}', () => {
    for (const actual of [1, 6])
      for (const target of [1, 6]) expect(infoReasonComplete(actual, target)).toBe(true);
  });

  it('is true when actual and target are in the negative pair {2, 5}', () => {
    for (const actual of [2, 5])
      for (const target of [2, 5]) expect(infoReasonComplete(actual, target)).toBe(true);
  });

  it('is true for a neutral target met by neutral, and by "other" merged into neutral', () => {
    expect(infoReasonComplete(3, 3)).toBe(true);
    expect(infoReasonComplete(4, 3)).toBe(true);
  });

  it('is false across the pairs and against neutral', () => {
    const expected: Record<number, number[]> = { 1: [1, 6], 2: [2, 5], 3: [3, 4], 5: [2, 5], 6: [1, 6] };
    for (const target of [1, 2, 3, 5, 6]) {
      for (const actual of [1, 2, 3, 4, 5, 6]) {
        expect(infoReasonComplete(actual, target), `actual ${actual}, target ${target}`).toBe(
          expected[target].includes(actual),
        );
      }
    }
  });

  it('is false when there is no actual mood but a target is set', () => {
    for (const target of [1, 2, 3, 5, 6]) expect(infoReasonComplete(null, target)).toBe(false);
  });

  it('is null when the target is the fourth option, unset, or not a mood', () => {
    for (const actual of [null, 1, 2, 3, 4, 5, 6]) {
      expect(infoReasonComplete(actual, 4)).toBeNull();
      expect(infoReasonComplete(actual, null)).toBeNull();
    }
    expect(infoReasonComplete(1, 0)).toBeNull();
    expect(infoReasonComplete(1, 7)).toBeNull();
  });
});

describe('infoReasonActualMood', () => {
  it('is the dominant mood: the larger side, then the larger of its pair', () => {
    expect(infoReasonActualMood({ 1: 2, 6: 3, 2: 4 })).toBe(6);
    expect(infoReasonActualMood({ 1: 3, 6: 2, 2: 4 })).toBe(1);
    expect(infoReasonActualMood({ 2: 1, 5: 3, 1: 1 })).toBe(5);
  });

  it('takes neutral only when it exceeds both sides, with mood 4 counted as 3', () => {
    expect(infoReasonActualMood({ 3: 2, 4: 2, 1: 3, 2: 3 })).toBe(3);
    expect(infoReasonActualMood({ 3: 3, 1: 3 })).toBe(1);
    expect(infoReasonActualMood({ 4: 1 })).toBe(3);
  });

  it('gives a tie inside a pair to the context mood and a tie between the sides to nobody', () => {
    expect(infoReasonActualMood({ 1: 2, 6: 2 })).toBe(1);
    expect(infoReasonActualMood({ 2: 2, 5: 2 })).toBe(2);
    expect(infoReasonActualMood({ 1: 2, 5: 2 })).toBeNull();
  });

  it('is null without counts', () => {
    expect(infoReasonActualMood({})).toBeNull();
    expect(infoReasonActualMood({ 1: 0, 2: 0, 3: 0 })).toBeNull();
  });

  it('feeds completeness: a set of verified moods meets a target or not', () => {
    expect(infoReasonComplete(infoReasonActualMood({ 6: 5, 2: 1 }), 1)).toBe(true);
    expect(infoReasonComplete(infoReasonActualMood({ 6: 1, 2: 5 }), 1)).toBe(false);
    expect(infoReasonComplete(infoReasonActualMood({}), 2)).toBe(false);
    expect(infoReasonComplete(infoReasonActualMood({ 4: 3 }), 3)).toBe(true);
  });
});

describe('info reason requests', () => {
  it('allows every mood and null as a target tonality, nothing else', () => {
    expect(INFO_REASON_TARGET_TONALITIES).toEqual([1, 2, 3, 4, 5, 6]);
    for (const value of [1, 2, 3, 4, 5, 6, null]) {
      expect(infoReasonTonalityBody.parse({ target_tonality: value })).toEqual({ target_tonality: value });
    }
    for (const value of [0, 7, 1.5, '1', undefined]) {
      const result = infoReasonTonalityBody.safeParse({ target_tonality: value });
      expect(result.success, String(value)).toBe(false);
      expect(result.error?.issues[0].path).toEqual(['target_tonality']);
    }
  });

  it("names an info reason 'без имени' when the name is empty, blank or null; a new one must send it", () => {
    expect(INFO_REASON_DEFAULT_NAME).toBe('без имени');
    expect(infoReasonRenameBody.parse({ name: '' })).toEqual({ name: 'без имени' });
    expect(infoReasonRenameBody.parse({ name: '   ' })).toEqual({ name: 'без имени' });
    expect(infoReasonRenameBody.parse({ name: null })).toEqual({ name: 'без имени' });
    expect(infoReasonRenameBody.parse({ name: '  Выборы  ' })).toEqual({ name: 'Выборы' });
    expect(infoReasonCreateBody.parse({ name: ' ' })).toEqual({ name: 'без имени', theme: null });
    expect(infoReasonCreateBody.safeParse({}).error?.issues[0].path).toEqual(['name']);
    expect(infoReasonThemeMassAddBody.parse({ ids: [1], theme_name: '' })).toEqual({
      ids: [1],
      theme_name: 'без имени',
    });
  });

  it('archives by default in mass-archive and refuses unknown fields', () => {
    expect(infoReasonMassArchiveBody.parse({ ids: [1, 2] })).toEqual({ ids: [1, 2], archive: true });
    const result = infoReasonMassArchiveBody.safeParse({ ids: [1], archived: false });
    expect(result.error?.issues[0].path).toEqual(['archived']);
  });

  it('takes the list filter beside the merge target and drops it', () => {
    expect(infoReasonMergeBody.parse({ theme: 5, search: 'x', page: 2 })).toEqual({ theme: 5 });
    expect(infoReasonMergeBody.safeParse({}).error?.issues[0].path).toEqual(['theme']);
  });

  it('leaves AI-made info reasons out of the admin list unless ai or id_in is sent', () => {
    expect(infoReasonListQuery.parse({})).toMatchObject({ ai: false, page: 1, page_size: 25 });
    expect(infoReasonListQuery.parse({ ai: 'true' }).ai).toBe(true);
    expect(infoReasonListQuery.parse({ id_in: '3,4' }).ai).toBeUndefined();
    expect(infoReasonListQuery.parse({ theme_in: '1,,2' }).theme_in).toEqual([1, 2]);
  });
});
