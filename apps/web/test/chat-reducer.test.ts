import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '@kindred/protocol';
import { addPending, emptyChatState, isFinalRefusal, reduceChat, refusalShownInPlace, retryPending, unreadTotal, type ChatState, type PendingMessage } from '../src/chat/chat-reducer';
import { buildContact, buildMessage, contactsEvent, ME } from './chat-fixtures';

const none = new Set<number>();
const synced = (contacts = [buildContact({ uid: 20 }), buildContact({ id: 2, uid: 30, username: 'carol' })]): ChatState =>
  reduceChat(emptyChatState(ME), contactsEvent(contacts), none).state;

describe('chat reducer', () => {
  it('kind 0 takes the contacts, files catch-up messages by conversation and asks to resend pending', () => {
    const m = buildMessage({ sender_id: 30, mid: 30 });
    const { state, effects } = reduceChat(emptyChatState(), contactsEvent([buildContact({ uid: 30, count: 1 })], [m]), none);
    expect(state.me).toBe(ME);
    expect(state.synced).toBe(true);
    expect(state.conversations[30]?.messages).toEqual([m]);
    expect(state.lastId).toBe(m.id);
    expect(effects).toContainEqual({ type: 'resendPending' });
  });

  it('kind 0 adds every missed message to a loaded conversation; one not loaded keeps only its newest until its page comes', () => {
    const page = buildMessage({ sender_id: 30, mid: 30, content: 'on screen' });
    const loaded = reduceChat(synced(), { kind: 3, opt: 0, status: 'success', uid: 30, messages: [page], more: 0 }, none).state;
    const first = buildMessage({ sender_id: 30, mid: 30, content: 'one' });
    const second = buildMessage({ sender_id: ME, reciver_id: 30, mid: ME, content: 'two' });
    const other = [buildMessage({ sender_id: 20, mid: 20, content: 'three' }), buildMessage({ sender_id: 20, mid: 20, content: 'four' })];
    const { state } = reduceChat(loaded, contactsEvent([buildContact({ uid: 30 })], [first, other[0]!, second, other[1]!]), none);
    expect(state.conversations[30]?.messages).toEqual([page, first, second]);
    expect(state.conversations[20]?.messages).toEqual([other[1]]);
  });

  it('kind 0 marks conversations on screen read', () => {
    const { state, effects } = reduceChat(emptyChatState(ME), contactsEvent([buildContact({ uid: 20, count: 3 })]), new Set([20]));
    expect(state.contacts[0]?.count).toBe(0);
    expect(effects).toContainEqual({ type: 'markRead', uid: 20 });
  });

  it('a new message moves its contact to the top, counts unread and chimes', () => {
    const m = buildMessage({ sender_id: 30, mid: 30, content: 'news' });
    const { state, effects } = reduceChat(synced(), { kind: 1, opt: 1, status: 'success', message: m }, none);
    expect(state.contacts.map((c) => c.uid)).toEqual([30, 20]);
    expect(state.contacts[0]).toMatchObject({ count: 1, content: 'news' });
    expect(unreadTotal(state.contacts)).toBe(1);
    expect(effects).toEqual([{ type: 'sound' }]);
  });

  it('a message in the open conversation is read at once and does not chime', () => {
    const m = buildMessage({ sender_id: 20 });
    const { state, effects } = reduceChat(synced(), { kind: 1, opt: 1, status: 'success', message: m }, new Set([20]));
    expect(state.contacts[0]?.count).toBe(0);
    expect(effects).toEqual([{ type: 'markRead', uid: 20 }]);
  });

  it('the same message twice (catch-up after a reconnect) is stored and counted once', () => {
    const m = buildMessage({ sender_id: 20 });
    const once = reduceChat(synced(), { kind: 1, opt: 1, status: 'success', message: m }, none).state;
    const twice = reduceChat(once, { kind: 1, opt: 1, status: 'success', message: m }, none);
    expect(twice.state.conversations[20]?.messages).toHaveLength(1);
    expect(twice.state.contacts[0]?.count).toBe(1);
    expect(twice.effects).toEqual([]);
  });

  it('a message from someone not in the list asks for a resync', () => {
    const m = buildMessage({ sender_id: 99, mid: 99 });
    const { effects } = reduceChat(synced(), { kind: 1, opt: 1, status: 'success', message: m }, none);
    expect(effects).toContainEqual({ type: 'resync' });
  });

  it('the acknowledgement replaces the pending message', () => {
    const pending = addPending(synced(), { client_id: 'abc', uid: 20, type: 'text', content: 'yo', img: '', ndate: 1 });
    const stored = buildMessage({ sender_id: ME, reciver_id: 20, mid: ME, client_id: 'abc', content: 'yo' });
    const { state } = reduceChat(pending, { kind: 2, opt: 1, status: 'success', client_id: 'abc', message: stored, duplicate: 0 }, none);
    expect(state.pending).toEqual({});
    expect(state.conversations[20]?.messages).toEqual([stored]);
    expect(state.contacts[0]).toMatchObject({ uid: 20, count: 0, content: 'yo' });
  });

  it('a catch-up showing a pending message stored, unacknowledged, sends it once more so it is announced again', () => {
    // Its node stored it and died before acknowledging or announcing it; the catch-up comes from another node.
    const lost: PendingMessage = { client_id: 'lost', uid: 20, type: 'text', content: 'yo', img: '', ndate: 1 };
    const unsent: PendingMessage = { client_id: 'unsent', uid: 20, type: 'text', content: 'later', img: '', ndate: 2 };
    const refused: PendingMessage = { client_id: 'refused', uid: 20, type: 'text', content: 'no', img: '', ndate: 3, failed: { error: 'validation', msg: 'no' } };
    // The conversation is on screen (loaded), as when its node died under it.
    const onScreen = reduceChat(synced(), { kind: 3, opt: 0, status: 'success', uid: 20, messages: [], more: 0 }, none).state;
    const state = [lost, unsent, refused].reduce(addPending, onScreen);
    const stored = buildMessage({ sender_id: ME, reciver_id: 20, mid: ME, client_id: 'lost', content: 'yo' });
    const refusedStored = buildMessage({ sender_id: ME, reciver_id: 20, mid: ME, client_id: 'refused', content: 'no' });
    const catchUps: ServerMessage[] = [
      contactsEvent([buildContact({ uid: 20 })], [stored, refusedStored]),
      { kind: 3, opt: 0, status: 'success', uid: 20, messages: [stored, refusedStored], more: 0 },
    ];
    for (const event of catchUps) {
      const next = reduceChat(state, event, none);
      // A message the server refused is not sent again (nor is one still unsent: resendPending sends those).
      expect(next.effects).toContainEqual({ type: 'announceAgain', messages: [lost] });
      expect(Object.keys(next.state.pending)).toEqual(['unsent']);
      expect(next.state.conversations[20]?.messages).toEqual([stored, refusedStored]);
    }
    // Nothing pending in a catch-up: nothing is sent again.
    expect(reduceChat(synced(), contactsEvent([buildContact({ uid: 20 })], [stored]), none).effects.map((e) => e.type)).not.toContain('announceAgain');
  });

  it('a refusal marks the pending message failed and tells the interface; retry clears it', () => {
    const pending = addPending(synced(), { client_id: 'abc', uid: 20, type: 'text', content: 'yo', img: '', ndate: 1 });
    const msg = 'Frequency is used up. Please Upgrade membership and continue.';
    const { state, effects } = reduceChat(pending, { kind: 7, opt: 1, status: 'error', error: 'no_free_chat', msg, uid: 20, client_id: 'abc' }, none);
    expect(state.pending.abc?.failed).toEqual({ error: 'no_free_chat', msg });
    expect(effects).toEqual([{ type: 'refused', kind: 7, error: 'no_free_chat', msg, uid: 20 }]);
    expect(retryPending(state, 'abc').pending.abc?.failed).toBeUndefined();
  });

  it('history prepends older messages and keeps them ordered and unique', () => {
    const newer = buildMessage();
    const older = buildMessage();
    const first = reduceChat(synced(), { kind: 3, opt: 0, status: 'success', uid: 20, messages: [newer], more: 1 }, none).state;
    const { state } = reduceChat(first, { kind: 3, opt: 3, status: 'success', uid: 20, messages: [{ ...older, id: newer.id - 50 }, newer], more: 0 }, none);
    expect(state.conversations[20]?.messages.map((m) => m.id)).toEqual([newer.id - 50, newer.id]);
    expect(state.conversations[20]?.more).toBe(false);
  });

  it('opening a new conversation adds its contact', () => {
    const contact = buildContact({ uid: 40, username: 'dora' });
    const { state } = reduceChat(synced(), { kind: 3, opt: 0, status: 'success', uid: 40, messages: [], more: 0, contact }, none);
    expect(state.contacts[0]).toEqual(contact);
  });

  it('presence updates a contact; the member own change is signalled', () => {
    const other = reduceChat(synced(), { kind: 4, opt: 9, status: 'success', uid: 20, is_online: 0, is_yin: 0 }, none);
    expect(other.state.contacts[0]).toMatchObject({ is_online: 0, is_yin: 0 });
    const self = reduceChat(synced(), { kind: 4, opt: 9, status: 'success', uid: ME, is_online: 1, is_yin: 0 }, none);
    expect(self.effects).toEqual([{ type: 'selfVisibility', is_yin: 0 }]);
  });

  it('a deleted conversation leaves the list with its messages and pending lines', () => {
    const state = addPending(synced(), { client_id: 'x', uid: 20, type: 'text', content: 'a', img: '', ndate: 1 });
    const next = reduceChat(state, { kind: 6, opt: 5, status: 'success', uid: 20 }, none).state;
    expect(next.contacts.map((c) => c.uid)).toEqual([30]);
    expect(next.pending).toEqual({});
  });

  it('read elsewhere clears the count; the badge caps at 99', () => {
    const state = synced([buildContact({ uid: 20, count: 80 }), buildContact({ uid: 30, count: 50 })]);
    expect(unreadTotal(state.contacts)).toBe(99);
    const next = reduceChat(state, { kind: 13, opt: 4, status: 'success', uid: 20 }, none).state;
    expect(unreadTotal(next.contacts)).toBe(50);
  });

  it('notices and mails become signals', () => {
    expect(reduceChat(synced(), { kind: 12, opt: 100, status: 'success', eid: 1, sender_id: 2, sendername: 'Support', unread: 1 }, none).effects).toEqual([
      { type: 'mail' },
    ]);
  });

  it('remembers a conversation refused for good (no free chat, upgrade needed) until it opens', () => {
    const msg = 'Frequency is used up. Please Upgrade membership and continue.';
    // Opening it (opt 0) is refused: no contact, no message, but the refusal is kept for that member.
    const opened = reduceChat(synced(), { kind: 7, opt: 0, status: 'error', error: 'no_free_chat', msg, uid: 40 }, none).state;
    expect(opened.refusals).toEqual({ 40: 'no_free_chat' });
    expect(isFinalRefusal(opened.refusals[40])).toBe(true);
    // Said in place of the input; "upgrade needed" moves to the upgrade page by itself instead.
    expect(refusalShownInPlace(opened.refusals[40])).toBe(true);
    expect(refusalShownInPlace('need_upgrade')).toBe(false);
    // A refusal sending again could overcome (kind 10) is not kept.
    const other = reduceChat(opened, { kind: 10, opt: 1, status: 'error', error: 'content_empty', msg: '', uid: 20 }, none).state;
    expect(other.refusals).toEqual({ 40: 'no_free_chat' });
    expect(isFinalRefusal('content_empty')).toBe(false);
    // After an upgrade the conversation opens: its first page clears the refusal.
    const page = reduceChat(opened, { kind: 3, opt: 0, status: 'success', uid: 40, messages: [], more: 0 }, none).state;
    expect(page.refusals).toEqual({});
  });
});
