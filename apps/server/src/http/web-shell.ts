import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES, type Language } from '@kindred/protocol';

/** The sign-in page rendered at build time, one per language (apps/web/vite-login-shell-plugin.ts). */
export const SHELL_DIR = 'shell';

/** `dist/shell/m-login.<lang>.html` for every language, or null when the build made none (an older build). */
export function loadLoginShells(webDist: string): Map<Language, string> | null {
  const pages = new Map<Language, string>();
  for (const lang of LANGUAGES) {
    const file = path.join(webDist, SHELL_DIR, `m-login.${lang}.html`);
    if (!fs.existsSync(file)) return null;
    pages.set(lang, fs.readFileSync(file, 'utf8'));
  }
  return pages;
}

function fromTag(tag: string): Language | null {
  const lower = tag.trim().toLowerCase();
  if (/^zh-(tw|hk|mo|hant)/.test(lower)) return 'zh-TW';
  if (lower.startsWith('zh')) return 'zh-CN';
  if (lower.startsWith('en')) return 'en';
  return null;
}

/**
 * The language the app will choose, so the page it replaces reads the same: the member's own choice
 * (the cookie mirrors the app's stored one), else the browser's languages in order of preference with
 * the app's rules (i18n/index.ts detectLanguage), else English.
 */
export function shellLanguage(cookie: string | undefined, acceptLanguage: string | undefined): Language {
  // The cookie the web app keeps beside its stored choice (apps/web/src/main.tsx); its values need no decoding.
  const chosen = /(?:^|;\s*)kindred\.lang=([^;]*)/.exec(cookie ?? '')?.[1];
  if (chosen && (LANGUAGES as readonly string[]).includes(chosen)) return chosen as Language;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.split(';');
      const q = Number(/^\s*q=([\d.]+)/.exec(params.join(';'))?.[1] ?? 1);
      return { tag, q: Number.isFinite(q) ? q : 0, order };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { tag } of ranked) {
    const lang = fromTag(tag);
    if (lang) return lang;
  }
  return 'en';
}
