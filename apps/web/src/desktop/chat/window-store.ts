import type { ChatAddress } from '@kindred/protocol';
import { create } from 'zustand';
import type { ChatPeer } from '../../chat/use-chat-peer';

/** Desktop chat windows and the dock column are this wide (docs/product-rules.md §9). */
export const CHAT_WINDOW_WIDTH = 300;
/** Windows shown before the viewport was measured (docs/product-rules.md §4). */
export const DEFAULT_WINDOW_CAPACITY = 2;
/** The capacity is recomputed this long after the last resize (docs/product-rules.md §4). */
export const CAPACITY_DEBOUNCE_MS = 300;

/**
 * docs/product-rules.md §4: floor((viewport width - 300) / 300) windows fit beside the 300 px dock column.
 * At least one, so a narrow window still shows the conversation just opened.
 */
export const windowCapacity = (viewportWidth: number) => Math.max(1, Math.floor((viewportWidth - CHAT_WINDOW_WIDTH) / CHAT_WINDOW_WIDTH));

export interface ChatWindow {
  uid: number;
  /** Where it was opened from: the server's vip 0 rules depend on it (opt 0 `address`). */
  address: ChatAddress;
  collapsed: boolean;
  /** Name and avatar as the opener knew them: the window keeps them even if the server refuses the chat. */
  peer?: ChatPeer;
}

/** The right-hand column shows at most one of its two panels, so it never outgrows the viewport. */
export type DockPanel = 'none' | 'list' | 'service';

interface ChatWindowsState {
  /** Shown first: the first `capacity` are on screen, the rest wait in the "+N" dropdown. */
  windows: ChatWindow[];
  capacity: number;
  panel: DockPanel;
  open(uid: number, address: ChatAddress, peer?: ChatPeer): void;
  close(uid: number): void;
  toggle(uid: number): void;
  /** Takes a hidden window's place with the last shown one. */
  swapIn(uid: number): void;
  setCapacity(capacity: number): void;
  setPanel(panel: DockPanel): void;
  reset(): void;
}

export const useChatWindows = create<ChatWindowsState>((set) => ({
  windows: [],
  capacity: DEFAULT_WINDOW_CAPACITY,
  panel: 'none',
  open(uid, address, peer) {
    set((s) => {
      const index = s.windows.findIndex((w) => w.uid === uid);
      // Already on screen: expanded in place, so the row of windows does not jump.
      if (index >= 0 && index < s.capacity) return { windows: s.windows.map((w) => (w.uid === uid ? { ...w, collapsed: false, peer: peer ?? w.peer } : w)) };
      const others = s.windows.filter((w) => w.uid !== uid);
      return { windows: [{ uid, address, collapsed: false, peer }, ...others] };
    });
  },
  close(uid) {
    set((s) => ({ windows: s.windows.filter((w) => w.uid !== uid) }));
  },
  toggle(uid) {
    set((s) => ({ windows: s.windows.map((w) => (w.uid === uid ? { ...w, collapsed: !w.collapsed } : w)) }));
  },
  swapIn(uid) {
    set((s) => {
      const from = s.windows.findIndex((w) => w.uid === uid);
      const to = Math.min(s.capacity, s.windows.length) - 1;
      if (from <= to || to < 0) return s;
      const windows = [...s.windows];
      [windows[from], windows[to]] = [{ ...windows[to]! }, { ...windows[from]!, collapsed: false }];
      return { windows };
    });
  },
  setCapacity(capacity) {
    set({ capacity });
  },
  setPanel(panel) {
    set({ panel });
  },
  reset() {
    set({ windows: [], panel: 'none' });
  },
}));
