import type { Lang, SourceLang, TranslationProvider } from './provider.js';

type Convert = (text: string) => string;

const HAN = /\p{Script=Han}/gu;
const LATIN = /[A-Za-z]/g;

/**
 * Simplified <-> traditional Chinese, offline, with OpenCC's dictionaries (npm opencc-js): Taiwan
 * standard characters, as the zh-TW interface uses. The dictionaries are loaded on first use, so a
 * node that never converts never pays for them.
 */
export class OpenCcProvider implements TranslationProvider {
  readonly name = 'opencc';
  private converters?: Promise<{ toTraditional: Convert; toSimplified: Convert }>;

  supports(from: SourceLang, to: Lang): boolean {
    return (from === 'zh' || from === 'cht') && (to === 'zh' || to === 'cht');
  }

  async translate(text: string, _from: SourceLang, to: Lang): Promise<string> {
    const { toTraditional, toSimplified } = await this.load();
    return to === 'cht' ? toTraditional(text) : toSimplified(text);
  }

  /**
   * 'zh' or 'cht' when the text is mostly Chinese (traditional when converting it to simplified
   * changes it), else 'auto' for a provider that detects other languages.
   */
  async detect(text: string): Promise<SourceLang> {
    const han = text.match(HAN)?.length ?? 0;
    if (han === 0 || han < (text.match(LATIN)?.length ?? 0)) return 'auto';
    const { toSimplified } = await this.load();
    return toSimplified(text) === text ? 'zh' : 'cht';
  }

  private load() {
    this.converters ??= import('opencc-js').then((OpenCC) => ({
      toTraditional: OpenCC.Converter({ from: 'cn', to: 'tw' }),
      toSimplified: OpenCC.Converter({ from: 'tw', to: 'cn' }),
    }));
    return this.converters;
  }
}
