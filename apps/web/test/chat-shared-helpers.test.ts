import { KIND } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import { lineKey, startsTimeGroup, TIME_GAP_SECONDS } from '../src/chat/message-lines';
import { reactToRefusal } from '../src/chat/refusals';
import type { ChatLine } from '../src/chat/use-chat';
import { buildMessage } from './chat-fixtures';

const t = (key: string, options: { defaultValue: string }) => (key === 'errors.no_free_chat' ? 'No free chat left' : options.defaultValue || key);
const refused = (kind: typeof KIND.noFreeChat | typeof KIND.needUpgrade | typeof KIND.error, error = 'no_free_chat', uid?: number) =>
  ({ type: 'refused', kind, error, msg: 'server text', uid }) as Parameters<typeof reactToRefusal>[0];

describe('chat lines, as both interfaces show them', () => {
  it('keys stored lines by id and pending ones by their client id', () => {
    const stored: ChatLine = { kind: 'stored', message: buildMessage({ id: 7 }) };
    expect(lineKey(stored)).toBe('m7');
    const pending = { kind: 'pending', message: { client_id: 'c1' } } as ChatLine;
    expect(lineKey(pending)).toBe('pc1');
  });

  it('labels the first line and each one written 5 minutes or more after the one before', () => {
    expect(startsTimeGroup(undefined, 1000)).toBe(true);
    expect(startsTimeGroup(1000, 1000 + TIME_GAP_SECONDS - 1)).toBe(false);
    expect(startsTimeGroup(1000, 1000 + TIME_GAP_SECONDS)).toBe(true);
  });
});

describe('chat refusals, as both interfaces read them', () => {
  const nowhere = () => false;

  it('leaves "no free chat" to the conversation on screen, else warns', () => {
    expect(reactToRefusal(refused(KIND.noFreeChat, 'no_free_chat', 5), (uid) => uid === 5, t)).toEqual({ kind: 'none' });
    expect(reactToRefusal(refused(KIND.noFreeChat, 'no_free_chat', 5), nowhere, t)).toEqual({ kind: 'notice', level: 'warning', text: 'No free chat left' });
  });

  it('sends "need upgrade" to the upgrade page, naming the conversation', () => {
    expect(reactToRefusal(refused(KIND.needUpgrade, 'need_upgrade', 8), nowhere, t)).toMatchObject({ kind: 'upgrade', uid: 8 });
  });

  it('shows other refusals as errors in the server words when no translation exists', () => {
    expect(reactToRefusal(refused(KIND.error, 'not_found'), nowhere, t)).toEqual({ kind: 'notice', level: 'error', text: 'server text' });
  });

  it('leaves an expired session and other signals alone', () => {
    expect(reactToRefusal(refused(KIND.error, 'unauthorized'), nowhere, t)).toEqual({ kind: 'none' });
    expect(reactToRefusal({ type: 'notice' }, nowhere, t)).toEqual({ kind: 'none' });
  });
});
