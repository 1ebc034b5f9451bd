import { describe, expect, it } from 'vitest';
import {
  MESSAGE_DISPLAY_STATUS_LABELS,
  type MessageStatusSource,
  messageDisplayStatus,
  messageSideFlags,
} from './message-status.ts';

const plain: MessageStatusSource = {
  state: 1,
  verified: false,
  verified_by_super_editor: false,
  verified_ai: false,
};
const status = (overrides: Partial<MessageStatusSource>) => messageDisplayStatus({ ...plain, ...overrides });

describe('the one status of a message (docs/messages.md "Status and flags")', () => {
  it('1. approval by the super editor wins over every other flag and state', () => {
    expect(status({ state: 2, verified_by_super_editor: true, verified: true, verified_ai: true })).toBe(
      'approved',
    );
    expect(status({ state: 1, verified_by_super_editor: true })).toBe('approved');
  });

  it('2. an editor’s check comes next, whatever the stored state', () => {
    expect(status({ state: 2, verified: true, verified_ai: true })).toBe('verified');
    expect(status({ state: 3, verified: true })).toBe('verified');
    expect(status({ state: 4, verified: true })).toBe('verified');
  });

  it('3. state 4 reads as under editing when nobody has checked the message yet', () => {
    expect(status({ state: 4, verified_ai: true })).toBe('editing');
  });

  it('4. the AI’s check comes before the AI’s marks', () => {
    expect(status({ state: 2, verified_ai: true })).toBe('verified_ai');
    expect(status({ state: 1, verified_ai: true })).toBe('verified_ai');
  });

  it('5. state 2, or a stored 3 without the approval flag, reads as marked by the AI', () => {
    expect(status({ state: 2 })).toBe('ai_marked');
    expect(status({ state: 3 })).toBe('ai_marked');
  });

  it('6. otherwise the message is only entered into the system', () => {
    expect(status({ state: 1 })).toBe('entered');
  });

  it('labels each status once, with the spec’s words', () => {
    expect(MESSAGE_DISPLAY_STATUS_LABELS.approved).toBe('Одобрено');
    expect(MESSAGE_DISPLAY_STATUS_LABELS.ai_marked).toBe('Размечено ИИ');
    expect(new Set(Object.values(MESSAGE_DISPLAY_STATUS_LABELS)).size).toBe(6);
  });

  it('shows the other flags apart, in a fixed order', () => {
    expect(messageSideFlags({ delayed: true, archived: false, trash: true, from_zephyr: true })).toEqual([
      'delayed',
      'trash',
      'from_zephyr',
    ]);
    expect(messageSideFlags({ delayed: false, archived: false, trash: false, from_zephyr: false })).toEqual(
      [],
    );
  });
});
