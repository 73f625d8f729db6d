import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_WINDOW_CAPACITY, useChatWindows, windowCapacity } from '../src/desktop/chat/window-store';

const uids = () => useChatWindows.getState().windows.map((w) => w.uid);
const store = () => useChatWindows.getState();

beforeEach(() => {
  store().reset();
  store().setCapacity(DEFAULT_WINDOW_CAPACITY);
});

describe('desktop chat windows', () => {
  it('fits floor((viewport width - 300) / 300) windows, at least one', () => {
    expect(windowCapacity(1440)).toBe(3);
    expect(windowCapacity(1000)).toBe(2);
    expect(windowCapacity(1499)).toBe(3);
    expect(windowCapacity(1500)).toBe(4);
    expect(windowCapacity(500)).toBe(1);
  });

  it('shows two windows until the viewport is measured', () => {
    expect(store().capacity).toBe(2);
  });

  it('opens new windows first, and an already shown one in place, expanded', () => {
    for (const uid of [1, 2, 3]) store().open(uid, 'member');
    expect(uids()).toEqual([3, 2, 1]);
    store().toggle(2);
    store().open(2, 'member');
    expect(uids()).toEqual([3, 2, 1]);
    expect(store().windows[1]!.collapsed).toBe(false);
  });

  it('brings a hidden window to the front when it is opened again', () => {
    for (const uid of [1, 2, 3]) store().open(uid, 'list');
    store().open(1, 'member');
    expect(uids()).toEqual([1, 3, 2]);
  });

  it('swaps a hidden window with the last shown one', () => {
    store().setCapacity(3);
    for (const uid of [1, 2, 3, 4, 5]) store().open(uid, 'member');
    expect(uids()).toEqual([5, 4, 3, 2, 1]);
    store().swapIn(1);
    expect(uids()).toEqual([5, 4, 1, 2, 3]);
    // A window already shown is not moved.
    store().swapIn(4);
    expect(uids()).toEqual([5, 4, 1, 2, 3]);
  });

  it('closes and collapses windows', () => {
    for (const uid of [1, 2]) store().open(uid, 'member');
    store().toggle(1);
    expect(store().windows.find((w) => w.uid === 1)!.collapsed).toBe(true);
    store().close(2);
    expect(uids()).toEqual([1]);
  });
});
