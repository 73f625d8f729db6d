import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES, PERMISSION_FLAGS, REPORT_ACTIONS } from '@kindred/protocol';
import { describe, expect, it } from 'vitest';
import enMain from '../src/i18n/locales/en/admin';
import enTerms from '../src/i18n/locales/en/admin-terms';
import zhCNMain from '../src/i18n/locales/zh-CN/admin';
import zhCNTerms from '../src/i18n/locales/zh-CN/admin-terms';
import zhTWMain from '../src/i18n/locales/zh-TW/admin';
import zhTWTerms from '../src/i18n/locales/zh-TW/admin-terms';

// The 'admin' namespace is made of two parts per language (admin-i18n.ts merges them the same way).
const en = { ...enMain, ...enTerms };
const zhCN = { ...zhCNMain, ...zhCNTerms };
const zhTW = { ...zhTWMain, ...zhTWTerms };

/** Every leaf key, plural forms folded into one (English has _one and _other, Chinese _other only). */
function keys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([k, v]) => (typeof v === 'object' && v ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k.replace(/_(one|other)$/, '')}`]));
}
const unique = (list: string[]) => [...new Set(list)].sort();

describe('console strings', () => {
  it.each([
    ['zh-CN', zhCN],
    ['zh-TW', zhTW],
  ])('%s has every English key and no other', (_lang, strings) => {
    expect(unique(keys(strings))).toEqual(unique(keys(en)));
  });

  it('name every permission flag, report action, audit action and audit object of the protocol', () => {
    const all = new Set(keys(en));
    const wanted = [
      ...PERMISSION_FLAGS.map((f) => `flags.${f}`),
      ...REPORT_ACTIONS.map((a) => `reports.actions.${a}`),
      ...AUDIT_ACTIONS.map((a) => `audit.actions.${a.replace('.', '_')}`),
      ...AUDIT_OBJECT_TYPES.map((o) => `audit.objects.${o}`),
    ];
    expect(wanted.filter((k) => !all.has(k))).toEqual([]);
  });
});
