/** Languages of /member/index/translate: English, simplified Chinese (zh), traditional Chinese (cht). */
export type Lang = 'en' | 'zh' | 'cht';
/** 'auto': not Chinese; the provider detects the language itself. */
export type SourceLang = Lang | 'auto';

/** A translation service. Each serves some pairs; the registry picks the first that serves one. */
export interface TranslationProvider {
  readonly name: string;
  supports(from: SourceLang, to: Lang): boolean;
  translate(text: string, from: SourceLang, to: Lang): Promise<string>;
}

/** The provider was asked and failed (unreachable, error answer): nothing is charged. */
export class TranslationFailedError extends Error {
  constructor(provider: string, cause: unknown) {
    super(`${provider} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'TranslationFailedError';
  }
}

/** No configured provider serves the pair. */
export class NoProviderError extends Error {
  constructor(
    readonly from: SourceLang,
    readonly to: Lang,
  ) {
    super(`no translation provider for ${from} -> ${to}`);
    this.name = 'NoProviderError';
  }
}
