import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  fragmentEditBody,
  fragmentIdsParams,
  fragmentListQuery,
  messageFragmentFieldsBody,
} from './fragment-edits.ts';
import { strictBody } from './input.ts';
import {
  approveMessagesBody,
  filteredMassUpdateBody,
  messageFragmentBody,
  messageInfoReasonDeleteBody,
  messageMassFieldsBody,
  messageRubricsBody,
} from './message-edits.ts';

/** The path of the first issue, as the server names the offending field. */
function fieldOf(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0].path.join('.');
}

describe('strictBody', () => {
  it('names the first unknown key as the offending field', () => {
    const schema = strictBody({ a: z.number().optional() });
    expect(fieldOf(schema, { a: 1, b: 2 })).toBe('b');
    expect(schema.parse({ a: 1 })).toEqual({ a: 1 });
    expect(fieldOf(schema, { a: 'x' })).toBe('a');
  });
});

describe('message edit bodies', () => {
  it('approval takes a non-empty list of ids', () => {
    expect(approveMessagesBody.parse({ messages: [1, 2] })).toEqual({ messages: [1, 2] });
    expect(fieldOf(approveMessagesBody, { messages: [] })).toBe('messages');
    expect(fieldOf(approveMessagesBody, { messages: [1.5] })).toBe('messages.0');
    expect(fieldOf(approveMessagesBody, { messages: Array.from({ length: 1001 }, (_, i) => i + 1) })).toBe(
      'messages',
    );
  });

  it('a mass edit needs at least one field and refuses approval flags', () => {
    expect(messageMassFieldsBody.parse({ ids: [1], mood: null })).toEqual({ ids: [1], mood: null });
    expect(fieldOf(messageMassFieldsBody, { ids: [1] })).toBe('');
    expect(fieldOf(messageMassFieldsBody, { ids: [1], verified_by_super_editor: true })).toBe(
      'verified_by_super_editor',
    );
    expect(fieldOf(messageMassFieldsBody, { ids: [1], state: 5 })).toBe('state');
  });

  it('a filtered mass update refuses an empty or misspelt filter', () => {
    const ok = filteredMassUpdateBody.parse({
      filter: { lom_in: '1,2', archived: false },
      fields: { trash: true },
    });
    expect(ok.filter).toMatchObject({ lom_in: [1, 2], archived: false, ordering: '-wrote_at' });
    expect(fieldOf(filteredMassUpdateBody, { filter: {}, fields: { trash: true } })).toBe('filter');
    expect(fieldOf(filteredMassUpdateBody, { filter: { lom_inn: '1' }, fields: { trash: true } })).toBe(
      'filter.lom_inn',
    );
    expect(fieldOf(filteredMassUpdateBody, { filter: { lom_in: '1' }, fields: { trash: 'yes' } })).toBe(
      'fields.trash',
    );
  });

  it('a fragment span has end after start; rubrics take one id or a list', () => {
    expect(fieldOf(messageFragmentBody, { text: 'а', start: 3, end: 3 })).toBe('end');
    expect(messageFragmentBody.parse({ text: 'аб', start: 0, end: 2 })).toMatchObject({ start: 0, end: 2 });
    expect(messageRubricsBody.parse({ rubrics_id: 4 })).toEqual({ rubrics_id: [4] });
    expect(messageRubricsBody.parse({ rubrics_id: [4, 5] })).toEqual({ rubrics_id: [4, 5] });
    expect(messageInfoReasonDeleteBody.parse(null)).toBeNull();
    expect(messageInfoReasonDeleteBody.parse(undefined)).toBeUndefined();
  });
});

describe('fragment bodies and queries', () => {
  it('reads the comma list of ids in the path', () => {
    expect(fragmentIdsParams.parse({ ids: '3,4,,5' })).toEqual({ ids: [3, 4, 5] });
    expect(fieldOf(fragmentIdsParams, { ids: ',' })).toBe('ids');
  });

  it('fragment_fields needs a field besides the ids; edit refuses unknown keys', () => {
    expect(fieldOf(messageFragmentFieldsBody, { ids: [1], fragment_ids: [2] })).toBe('');
    expect(fieldOf(fragmentEditBody, { mood: 1, color: 'red' })).toBe('color');
  });

  it('lists 200 fragments by default and reads the period like the messages filter', () => {
    const q = fragmentListQuery.parse({
      wrote_at_after: '2025-03-01',
      wrote_at_before: '2025-03-01',
      verified: 'true',
    });
    expect(q).toMatchObject({ page: 1, page_size: 200, ordering: '-wrote_at', verified: true });
    expect(q.wrote_at_after?.toISOString()).toBe('2025-02-28T21:00:00.000Z');
    expect(q.wrote_at_before?.toISOString()).toBe('2025-03-01T21:00:00.000Z');
    expect(fieldOf(fragmentListQuery, { verified: 'yes' })).toBe('verified');
  });
});
