import { LibreTranslateProvider } from './libretranslate.js';
import { OpenCcProvider } from './opencc.js';
import { NoProviderError, type Lang, type SourceLang, type TranslationProvider } from './provider.js';

export interface Translated {
  dst: string;
  from: SourceLang;
  provider: string;
}

/**
 * Chooses a provider per pair: OpenCC for simplified <-> traditional Chinese (offline, always
 * there), LibreTranslate for the rest when LIBRETRANSLATE_URL is set. The source language is
 * detected: Chinese (and which script) here, anything else by the provider.
 */
export class TranslationRegistry {
  constructor(
    private readonly providers: TranslationProvider[],
    private readonly detector: { detect(text: string): Promise<SourceLang> },
  ) {}

  async translate(text: string, to: Lang): Promise<Translated> {
    const from = await this.detector.detect(text);
    const provider = this.providers.find((p) => p.supports(from, to));
    if (!provider) throw new NoProviderError(from, to);
    return { dst: await provider.translate(text, from, to), from, provider: provider.name };
  }
}

export function createTranslationRegistry(options: { libreTranslateUrl?: string; libreTranslateApiKey?: string }): TranslationRegistry {
  const opencc = new OpenCcProvider();
  const providers: TranslationProvider[] = [opencc];
  if (options.libreTranslateUrl) providers.push(new LibreTranslateProvider({ url: options.libreTranslateUrl, apiKey: options.libreTranslateApiKey }));
  return new TranslationRegistry(providers, opencc);
}
