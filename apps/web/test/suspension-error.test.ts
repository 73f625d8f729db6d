// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/client';
import { errorText } from '../src/api/errors';
import en from '../src/i18n/locales/en/common';
import zhCN from '../src/i18n/locales/zh-CN/common';
import zhTW from '../src/i18n/locales/zh-TW/common';

/** A translation function over one locale's errors, with i18next's {{name}} interpolation. */
const translator = (errors: Record<string, string>) => (key: string, opts: Record<string, unknown> = {}) => {
  const text = errors[key.replace(/^errors\./, '')] ?? String(opts.defaultValue ?? key);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(opts[name] ?? ''));
};

describe('a suspended member’s sign-in refusal', () => {
  it('says until when, in every language, and a ban says it is banned', () => {
    const until = Date.UTC(2031, 4, 6, 7, 8) / 1000;
    const suspended = new ApiError(-6, 'account_suspended', 'This account is suspended until 2031-05-06 07:08 UTC', {}, { until });
    const shown = new Date(until * 1000).toLocaleString();
    for (const locale of [en, zhCN, zhTW]) {
      const errors = (locale as { errors: Record<string, string> }).errors;
      expect(errorText(translator(errors), suspended)).toContain(shown);
      expect(errors.account_banned).toBeTruthy();
    }
  });
});
