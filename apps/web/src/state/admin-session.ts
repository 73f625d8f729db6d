import { create } from 'zustand';

const TOKEN_KEY = 'kindred.admin.token';
const STAFF_KEY = 'kindred.admin.staff';

/** Who is signed in to the console, as the sign-in answered it. */
export interface StaffIdentity {
  id: number;
  username: string;
}

function readStaff(): StaffIdentity | null {
  try {
    const raw = sessionStorage.getItem(STAFF_KEY);
    return raw ? (JSON.parse(raw) as StaffIdentity) : null;
  } catch {
    return null;
  }
}

interface AdminSessionState {
  token: string | null;
  staff: StaffIdentity | null;
  /** Set when the server refused the token: the sign-in screen says the session ended. */
  expired: boolean;
  signIn(token: string, staff: StaffIdentity): void;
  clear(options?: { expired?: boolean }): void;
}

/**
 * The console's session, apart from the member's: staff sessions are shorter and end with the tab
 * (sessionStorage), and signing in or out of the console never touches a member session in the
 * same browser, nor the other way round.
 */
export const useAdminSession = create<AdminSessionState>((set) => ({
  token: sessionStorage.getItem(TOKEN_KEY),
  staff: readStaff(),
  expired: false,
  signIn(token, staff) {
    sessionStorage.setItem(TOKEN_KEY, token);
    sessionStorage.setItem(STAFF_KEY, JSON.stringify(staff));
    set({ token, staff, expired: false });
  },
  clear({ expired = false } = {}) {
    sessionStorage.removeItem(TOKEN_KEY);
    sessionStorage.removeItem(STAFF_KEY);
    set({ token: null, staff: null, expired });
  },
}));
