import { TranslationFailedError, type Lang, type SourceLang, type TranslationProvider } from './provider.js';

/** LibreTranslate's codes: 'zt' is traditional Chinese. */
const CODES: Record<SourceLang, string> = { en: 'en', zh: 'zh', cht: 'zt', auto: 'auto' };

export interface LibreTranslateOptions {
  url: string;
  apiKey?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * A LibreTranslate server (self-hosted, LIBRETRANSLATE_URL) for every pair OpenCC does not serve.
 * POST {url}/translate { q, source, target, format: 'text' } -> { translatedText }.
 */
export class LibreTranslateProvider implements TranslationProvider {
  readonly name = 'libretranslate';

  constructor(private readonly options: LibreTranslateOptions) {}

  supports(from: SourceLang, to: Lang): boolean {
    return from !== to;
  }

  async translate(text: string, from: SourceLang, to: Lang): Promise<string> {
    const doFetch = this.options.fetch ?? fetch;
    try {
      const res = await doFetch(`${this.options.url}/translate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ q: text, source: CODES[from], target: CODES[to], format: 'text', ...(this.options.apiKey ? { api_key: this.options.apiKey } : {}) }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
      const body = (await res.json().catch(() => null)) as { translatedText?: unknown; error?: unknown } | null;
      if (!res.ok || typeof body?.translatedText !== 'string') throw new Error(`HTTP ${res.status}${body?.error ? `: ${String(body.error)}` : ''}`);
      return body.translatedText;
    } catch (error) {
      throw new TranslationFailedError(this.name, error);
    }
  }
}
