import { KIND } from '@kindred/protocol';
import { isBlockRefusal } from './chat-reducer';
import type { ChatSignal } from './chat-store';

export type Refusal = Extract<ChatSignal, { type: 'refused' }>;

/** What an interface does with a refusal; each says it in its own toolkit (antd message, antd-mobile toast). */
export type RefusalReaction =
  | { kind: 'none' }
  /** Kind 8: "need to upgrade", then the upgrade page after TIMINGS.upgradeRedirectMs. */
  | { kind: 'upgrade'; uid: number | undefined; text: string }
  /** Kind 10 is an error; the others (kind 7 where no conversation says it) are warnings. */
  | { kind: 'notice'; level: 'error' | 'warning'; text: string };

type Translate = (key: string, options: { defaultValue: string }) => string;

/**
 * The server's refusals, read the same way by both interfaces. Messages travel as error ids,
 * translated here. `saysItself(uid)` is true when a conversation with that member is on screen: a
 * chat refused for good (kind 7) then says why in place of the input, once, not per attempt (issue 13).
 * An expired session (unauthorized) signs the member out instead (chat/use-chat.ts).
 */
export function reactToRefusal(signal: ChatSignal, saysItself: (uid: number | undefined) => boolean, t: Translate): RefusalReaction {
  if (signal.type !== 'refused' || signal.error === 'unauthorized') return { kind: 'none' };
  // A block, like no free chat left, is said in place of the input while that conversation is on screen.
  if ((signal.kind === KIND.noFreeChat || isBlockRefusal(signal.error)) && saysItself(signal.uid)) return { kind: 'none' };
  const text = t(`errors.${signal.error}`, { defaultValue: signal.msg || t('errors.generic', { defaultValue: '' }) });
  if (signal.kind === KIND.needUpgrade) return { kind: 'upgrade', uid: signal.uid, text };
  return { kind: 'notice', level: signal.kind === KIND.error ? 'error' : 'warning', text };
}
