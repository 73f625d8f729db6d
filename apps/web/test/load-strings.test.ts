// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import i18n from '../src/i18n';
import { loadStrings } from '../src/i18n/load-strings';

describe('loadStrings, the one way both interfaces bring their strings', () => {
  it('registers strings given as objects before it returns, merged into one namespace', () => {
    void loadStrings('test-static', 'en', [{ a: { one: 'One' } }, { b: { two: 'Two' } }]);
    expect(i18n.getFixedT('en', 'test-static')('a.one')).toBe('One');
    expect(i18n.getFixedT('en', 'test-static')('b.two')).toBe('Two');
  });

  it('downloads loaded parts once per language', async () => {
    const part = vi.fn(async () => ({ default: { c: { three: 'Three' } } }));
    await loadStrings('test-lazy', 'zh-CN', [part]);
    await loadStrings('test-lazy', 'zh-CN', [part]);
    expect(part).toHaveBeenCalledTimes(1);
    expect(i18n.getFixedT('zh-CN', 'test-lazy')('c.three')).toBe('Three');
    expect(i18n.hasResourceBundle('en', 'test-lazy')).toBe(false);
  });

  it('tries a failed download again on the next call', async () => {
    const part = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: { d: 'Four' } });
    await expect(loadStrings('test-retry', 'en', [part])).rejects.toThrow('offline');
    await loadStrings('test-retry', 'en', [part]);
    expect(i18n.getFixedT('en', 'test-retry')('d')).toBe('Four');
  });
});
