import { ERROR_MESSAGES, ERRORS, type ErrorId } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import en from '../src/i18n/locales/en/common';
import zhCN from '../src/i18n/locales/zh-CN/common';
import zhTW from '../src/i18n/locales/zh-TW/common';

/**
 * A failure id is defined once, in the protocol (ERRORS, with its ERROR_MESSAGES text): the server
 * answers it with `fail(id)` and the web shows `errors.<id>`. What must follow it is its
 * translation in each language, which this checks, so a new id without one fails here.
 */
const ids = Object.keys(ERRORS) as ErrorId[];

describe('failure ids', () => {
  it('each have the message the server answers with', () => {
    for (const id of ids) expect(ERROR_MESSAGES[id], id).toMatch(/\S/);
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual([...ids].sort());
  });

  it.each([
    ['en', en],
    ['zh-CN', zhCN],
    ['zh-TW', zhTW],
  ])('each have a translation in %s', (_lang, strings) => {
    const errors = strings.errors as Record<string, string>;
    expect(ids.filter((id) => !errors[id]?.trim())).toEqual([]);
  });
});
