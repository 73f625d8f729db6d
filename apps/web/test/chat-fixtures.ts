import type { ConversationWire, MessageWire } from '@kindred/protocol';

export const ME = 10;

let nextId = 100;
export function buildMessage(overrides: Partial<MessageWire> = {}): MessageWire {
  nextId += 1;
  return {
    id: nextId,
    sender_id: 20,
    reciver_id: ME,
    type: 'text',
    content: 'hello',
    img: '',
    mid: overrides.sender_id ?? 20,
    ndate: 1_700_000_000_000 + nextId,
    create_time: 1_700_000_000 + nextId,
    client_id: `c${nextId}`,
    locked: 0,
    ...overrides,
  };
}

export function buildContact(overrides: Partial<ConversationWire> = {}): ConversationWire {
  return {
    id: 1,
    uid: 20,
    username: 'bob',
    avatar: '',
    vip: 0,
    sex: 1,
    is_online: 1,
    is_yin: 1,
    count: 0,
    create_time: 1_700_000_000,
    content: 'hi',
    last_type: 'text',
    is_service: 0,
    ...overrides,
  };
}

export function contactsEvent(contacts: ConversationWire[], messages: MessageWire[] = []) {
  return { kind: 0, opt: 100, status: 'success', uid: ME, contacts, messages, more: 0, unread: 0, ping_ms: 30_000, server_time: 0 } as const;
}
