import type { UserWire } from '@kindred/protocol';
import { create } from 'zustand';

const TOKEN_KEY = 'kindred.token';
const USER_KEY = 'kindred.user';

function readUser(): UserWire | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as UserWire) : null;
  } catch {
    return null;
  }
}

interface SessionState {
  token: string | null;
  /** The last known copy of the member; userinfo refreshes it. */
  user: UserWire | null;
  signIn(user: UserWire): void;
  setUser(user: UserWire): void;
  /** Sign-out clears everything the browser stored about the member. */
  clear(): void;
}

export const useSession = create<SessionState>((set, get) => ({
  token: localStorage.getItem(TOKEN_KEY),
  user: readUser(),
  signIn(user) {
    if (user.token) localStorage.setItem(TOKEN_KEY, user.token);
    const { token: _omit, ...rest } = user;
    localStorage.setItem(USER_KEY, JSON.stringify(rest));
    set({ token: user.token ?? get().token, user: rest });
  },
  setUser(user) {
    const { token: _omit, ...rest } = user;
    localStorage.setItem(USER_KEY, JSON.stringify(rest));
    set({ user: rest });
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    sessionStorage.clear();
    set({ token: null, user: null });
  },
}));

export const getToken = () => useSession.getState().token;
