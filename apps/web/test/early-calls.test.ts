import { memberWall, newOppositeSexList, recommendList, userInfo } from '@kindred/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The session is read from the browser's storage; Node has none. */
const storage = vi.hoisted(() => {
  const items = new Map<string, string>();
  const store = { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), removeItem: (key: string) => void items.delete(key) };
  Object.assign(globalThis, { localStorage: store, sessionStorage: { getItem: () => null } });
  return { items };
});

const { EARLY_CALLS, startEarlyCalls, takeEarlyCall } = await import('../src/api/early-calls');

describe('the home calls the entry starts early', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    storage.items.clear();
  });

  it('are the protocol calls the home screens make, with the bodies the client writes', () => {
    expect(EARLY_CALLS['/m/home/index']).toEqual([
      [recommendList.path, 'page=1'],
      [userInfo.path, ''],
    ]);
    expect(EARLY_CALLS['/w/home/index']).toEqual([
      [memberWall.path, ''],
      [newOppositeSexList.path, 'page=1'],
      [userInfo.path, ''],
    ]);
  });

  it('leave only with a stored session, and each answer is handed out once, to the same path, token and body', () => {
    const fetch = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetch);
    startEarlyCalls('/m/home/index');
    expect(fetch).not.toHaveBeenCalled();

    storage.items.set('kindred.token', 't1');
    startEarlyCalls('/m/login');
    expect(fetch).not.toHaveBeenCalled();
    startEarlyCalls('/m/home/');
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[0]).toEqual([recommendList.path, expect.objectContaining({ method: 'POST', headers: { Authorization: 'Bearer t1' } })]);

    expect(takeEarlyCall(recommendList.path, 't2', 'page=1')).toBeUndefined();
    expect(takeEarlyCall(recommendList.path, 't1', 'page=2')).toBeUndefined();
    expect(takeEarlyCall(recommendList.path, 't1', 'page=1')).toBeInstanceOf(Promise);
    expect(takeEarlyCall(recommendList.path, 't1', 'page=1')).toBeUndefined();
  });
});
