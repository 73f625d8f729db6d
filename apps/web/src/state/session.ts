import type { UserWire } from '@kindred/protocol';
import { create } from 'zustand';

import { TOKEN_KEY, USER_KEY } from './session-keys';

/** "Remember me" keeps the session in localStorage; without it the session ends with the browser tab. */
function storageWithToken(): Storage | null {
  if (sessionStorage.getItem(TOKEN_KEY)) return sessionStorage;
  if (localStorage.getItem(TOKEN_KEY)) return localStorage;
  return null;
}

function readUser(store: Storage | null): Omit<UserWire, 'token'> | null {
  try {
    const raw = store?.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as UserWire) : null;
  } catch {
    return null;
  }
}

interface SessionState {
  token: string | null;
  /** The last known copy of the member; userinfo refreshes it. */
  user: Omit<UserWire, 'token'> | null;
  signIn(user: UserWire, options?: { remember?: boolean }): void;
  setUser(user: UserWire): void;
  /** Sign-out clears everything the browser stored about the member. */
  clear(): void;
}

const initialStore = storageWithToken();

export const useSession = create<SessionState>((set, get) => ({
  token: initialStore?.getItem(TOKEN_KEY) ?? null,
  user: readUser(initialStore),
  signIn(user, { remember = true } = {}) {
    get().clear();
    const store = remember ? localStorage : sessionStorage;
    const { token, ...rest } = user;
    if (token) store.setItem(TOKEN_KEY, token);
    store.setItem(USER_KEY, JSON.stringify(rest));
    set({ token: token ?? null, user: rest });
  },
  setUser(user) {
    const { token: _omit, ...rest } = user;
    (storageWithToken() ?? localStorage).setItem(USER_KEY, JSON.stringify(rest));
    set({ user: rest });
  },
  clear() {
    for (const store of [localStorage, sessionStorage]) {
      store.removeItem(TOKEN_KEY);
      store.removeItem(USER_KEY);
    }
    for (const key of Object.keys(localStorage)) if (key.startsWith('kindred.member.')) localStorage.removeItem(key);
    set({ token: null, user: null });
  },
}));

export const getToken = () => useSession.getState().token;
