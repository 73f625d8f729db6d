import { HOME_CALL_PATHS } from '@kindred/protocol/home-paths';
import { TOKEN_KEY } from '../state/session-keys';
/**
 * The calls a home's first screen makes, started by the entry as soon as it runs when a session is
 * stored (issue 14): on a slow phone the screen's chunks take seconds to arrive and run, and its
 * member list would otherwise be asked for only then, one more round trip before the first member.
 * The screen's own call (client.ts) takes the answer already on its way when the path, token and
 * body match, once; anything else goes to the network as usual. The paths come from the protocol's
 * schema-free list (its schemas would join the first load of every page); the bodies are the
 * screens' first pages (test/early-calls.test.ts holds them valid for the protocol's calls).
 */
export const EARLY_CALLS: Record<string, readonly (readonly [path: string, body: string])[]> = {
  '/m/home/index': [
    [HOME_CALL_PATHS.recommend, 'page=1'],
    [HOME_CALL_PATHS.userInfo, ''],
  ],
  '/w/home/index': [
    [HOME_CALL_PATHS.memberWall, ''],
    [HOME_CALL_PATHS.newOppositeSex, 'page=1'],
    [HOME_CALL_PATHS.userInfo, ''],
  ],
};

const started = new Map<string, Promise<Response>>();
const keyOf = (path: string, token: string, body: string) => `${path}\n${token}\n${body}`;

/** The stored session's token, as state/session.ts keeps it (read here without its store). */
function storedToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY) ?? localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function startEarlyCalls(pathname: string): void {
  const calls = EARLY_CALLS[pathname.replace(/\/$/, '').replace(/^\/([mw])\/home$/, '/$1/home/index')];
  const token = calls && storedToken();
  if (!calls || !token) return;
  for (const [path, body] of calls) {
    const answer = fetch(path, { method: 'POST', body: new URLSearchParams(body), headers: { Authorization: `Bearer ${token}` } });
    // A failure is the screen's to report when it takes the answer, not an unhandled rejection now.
    answer.catch(() => undefined);
    started.set(keyOf(path, token, body), answer);
  }
}

/** The answer started early for exactly this call, handed out once. */
export function takeEarlyCall(path: string, token: string, body: string): Promise<Response> | undefined {
  const key = keyOf(path, token, body);
  const answer = started.get(key);
  started.delete(key);
  return answer;
}
