import type { Language } from '@kindred/protocol';
import i18n from './index';

/**
 * One way for both interfaces to bring their strings: a namespace is made of parts (one file per
 * feature, one top-level key each) merged into one bundle. A part is either the strings themselves
 * (the desktop ships its strings inside its own lazy chunk) or a loader (a phone downloads one
 * language at a time, docs/architecture.md §9 budget for /m/login).
 */
export type StringPart = object | Loader;

type Loader = () => Promise<{ default: object }>;
const isLoader = (part: StringPart): part is Loader => typeof part === 'function';

const loaded = new Map<string, Promise<void>>();

function register(ns: string, lang: Language, parts: readonly object[]): void {
  i18n.addResourceBundle(lang, ns, Object.assign({}, ...parts) as Record<string, unknown>, true, true);
}

/**
 * Adds namespace `ns` in `lang` once (or the subset `set` of it, once). Parts given as strings are registered before this returns,
 * so a screen rendered right after never shows a bare key; loaders resolve first.
 */
export function loadStrings(ns: string, lang: Language, parts: readonly StringPart[], set = ''): Promise<void> {
  // `set` names a subset of the namespace's parts, loaded and remembered apart from the whole.
  const key = `${ns}:${lang}${set && `:${set}`}`;
  const known = loaded.get(key);
  if (known) return known;
  let done: Promise<void>;
  if (!parts.some(isLoader)) {
    register(ns, lang, parts);
    done = Promise.resolve();
  } else {
    done = Promise.all(parts.map((part) => (isLoader(part) ? part().then((m) => m.default) : part))).then(
      (strings) => register(ns, lang, strings),
      (error: unknown) => {
        // A failed download (offline) is retried on the next call instead of being remembered.
        loaded.delete(key);
        throw error;
      },
    );
  }
  loaded.set(key, done);
  return done;
}
