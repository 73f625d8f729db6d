// @vitest-environment jsdom
import { SUPPORT_ACCOUNT_ID } from '@kindred/protocol';
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FloatingChat } from '../src/desktop/chat/FloatingChat';
import { useChatWindows, windowCapacity } from '../src/desktop/chat/window-store';
import { useSession } from '../src/state/session';
import { renderDesktop } from './support/render-desktop';
import { buildUser } from './support/user-fixture';

const ME = 10;
const call = vi.hoisted(() => vi.fn());
vi.mock('../src/api/client', async (importOriginal) => ({ ...(await importOriginal<typeof import('../src/api/client')>()), call }));
// The list and the conversation talk to the chat server; here they only need to be chosen and shown.
vi.mock('../src/desktop/chat/ContactList', () => ({
  ContactList: ({ onSelect }: { onSelect: (uid: number) => void }) => (
    <ul>
      {[21, 22, 23, ME, SUPPORT_ACCOUNT_ID].map((uid) => (
        <li key={uid}>
          <button type="button" onClick={() => onSelect(uid)}>{`contact ${uid}`}</button>
        </li>
      ))}
    </ul>
  ),
}));
vi.mock('../src/desktop/chat/ConversationView', () => ({ ConversationView: ({ uid }: { uid: number }) => <p>{`conversation ${uid}`}</p> }));

const shown = () => screen.queryAllByTestId('chat-window').map((w) => Number(w.dataset.uid));
const pick = (uid: number) => fireEvent.click(screen.getByRole('button', { name: `contact ${uid}` }));

beforeEach(() => {
  act(() => useChatWindows.getState().reset());
  call.mockReset();
  call.mockImplementation(async () => buildUser({ id: 99, username: 'someone' }));
  useSession.getState().signIn({ ...buildUser({ id: ME }), token: 't' }, { remember: false });
  // Room for two windows beside the dock column (docs/product-rules.md §4).
  window.innerWidth = 1000;
});

describe('desktop floating chat windows', () => {
  it('shows as many windows as fit, newest first, and the rest behind "+N"', async () => {
    expect(windowCapacity(1000)).toBe(2);
    await renderDesktop(<FloatingChat />);
    fireEvent.click(screen.getByTestId('chat-dock-bar'));
    pick(21);
    pick(22);
    expect(shown()).toEqual([22, 21]);
    expect(screen.queryByTestId('chat-windows-more')).toBeNull();
    pick(23);
    expect(shown()).toEqual([23, 22]);
    expect(screen.getByTestId('chat-windows-more').textContent).toBe('+1');
    // Opening a hidden one again brings it to the front.
    pick(21);
    expect(shown()).toEqual([21, 23]);
  });

  it('closing a window removes it and lets a hidden one in', async () => {
    await renderDesktop(<FloatingChat />);
    fireEvent.click(screen.getByTestId('chat-dock-bar'));
    for (const uid of [21, 22, 23]) pick(uid);
    const newest = screen.getAllByTestId('chat-window')[0]!;
    fireEvent.click(newest.querySelector('[data-testid="chat-window-close"]')!);
    expect(shown()).toEqual([22, 21]);
    expect(screen.queryByTestId('chat-windows-more')).toBeNull();
    expect(useChatWindows.getState().windows.map((w) => w.uid)).toEqual([22, 21]);
  });

  it('collapses a window to its title bar and expands it again', async () => {
    await renderDesktop(<FloatingChat />);
    fireEvent.click(screen.getByTestId('chat-dock-bar'));
    pick(21);
    expect(screen.getByText('conversation 21')).toBeTruthy();
    fireEvent.click(screen.getByTestId('chat-window-toggle'));
    expect(screen.queryByText('conversation 21')).toBeNull();
    fireEvent.click(screen.getByTestId('chat-window-toggle'));
    expect(screen.getByText('conversation 21')).toBeTruthy();
  });

  it('opens no window for the member themself, and support in its own panel', async () => {
    await renderDesktop(<FloatingChat />);
    fireEvent.click(screen.getByTestId('chat-dock-bar'));
    pick(ME);
    expect(shown()).toEqual([]);
    pick(SUPPORT_ACCOUNT_ID);
    expect(shown()).toEqual([]);
    expect(screen.getByText(`conversation ${SUPPORT_ACCOUNT_ID}`)).toBeTruthy();
    expect(useChatWindows.getState().panel).toBe('service');
  });

  it('is not shown on the chat page itself', async () => {
    await renderDesktop(<FloatingChat />, { path: '/w/home/chat' });
    expect(screen.queryByTestId('floating-chat')).toBeNull();
  });
});
