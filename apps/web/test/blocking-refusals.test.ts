import { KIND } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { emptyChatState, isBlockRefusal, isFinalRefusal, reduceChat, refusalShownInPlace } from '../src/chat/chat-reducer';
import { reactToRefusal } from '../src/chat/refusals';

const t = (key: string, options: { defaultValue: string }) => (key === 'errors.blocked_by_member' ? 'Not accepting contact' : options.defaultValue || key);
const none = new Set<number>();

describe('a block, as the chat reads it', () => {
  it('is kept per conversation and said in place of the input until the conversation opens again', () => {
    const state = emptyChatState(1);
    const refused = reduceChat(state, { kind: 10, opt: 1, status: 'error', error: 'blocked_by_member', msg: 'server text', uid: 40, client_id: 'c1' }, none).state;
    expect(refused.refusals).toEqual({ 40: 'blocked_by_member' });
    for (const error of ['member_blocked', 'blocked_by_member'] as const) {
      expect([isBlockRefusal(error), isFinalRefusal(error), refusalShownInPlace(error)]).toEqual([true, true, true]);
    }
    expect(isBlockRefusal('no_free_chat')).toBe(false);
    const reopened = reduceChat(refused, { kind: 3, opt: 0, status: 'success', uid: 40, messages: [], more: 0 }, none).state;
    expect(reopened.refusals).toEqual({});
  });

  it('is left to the conversation on screen, else a translated error', () => {
    const signal = { type: 'refused', kind: KIND.error, error: 'blocked_by_member', msg: 'server text', uid: 40 } as Parameters<typeof reactToRefusal>[0];
    expect(reactToRefusal(signal, (uid) => uid === 40, t)).toEqual({ kind: 'none' });
    expect(reactToRefusal(signal, () => false, t)).toEqual({ kind: 'notice', level: 'error', text: 'Not accepting contact' });
  });
});
