import type { TranslateBody, TranslateWire } from '@kindred/protocol';
import { fail, translateUnavailable } from '../../errors.js';
import { NoProviderError, TranslationFailedError } from '../../infra/translation/provider.js';
import type { TranslationRegistry } from '../../infra/translation/registry.js';
import type { Can, Member } from '../../domain/member.js';
import type { CreditsRepository } from '../credits/credits.repository.js';

/** How the languages are named in messages. */
const NAMES: Record<string, string> = { en: 'English', zh: 'simplified Chinese', cht: 'traditional Chinese', auto: 'this language' };

/**
 * Translation for credits: TRANSLATE_PRICE hundredths per translation, charged only after the
 * provider answered (a failure costs nothing), unless the member has
 * Free_use_of_the_translation_function. A short balance is refused before the provider is asked.
 */
export class TranslateService {
  constructor(
    private readonly registry: TranslationRegistry,
    private readonly credits: CreditsRepository,
    private readonly can: Can,
    private readonly options: { price: number },
    private readonly log: { warn(obj: unknown, msg: string): void },
  ) {}

  async translate(member: Member, { content, to }: TranslateBody): Promise<TranslateWire> {
    const price = (await this.can(member, 'Free_use_of_the_translation_function')) ? 0 : this.options.price;
    if (price > 0 && (await this.credits.balance(member.id)) < price) throw fail('insufficient_credits');

    let result;
    try {
      result = await this.registry.translate(content, to);
    } catch (error) {
      if (error instanceof NoProviderError) throw translateUnavailable(NAMES[error.from]!, NAMES[error.to]!);
      if (error instanceof TranslationFailedError) {
        this.log.warn({ err: error.message }, 'translation provider failed');
        throw fail('translate_failed');
      }
      throw error;
    }

    // Charged after success; the conditional update still refuses if the balance went meanwhile.
    const balance = price > 0 ? await this.credits.charge(member.id, price, 'translation', { type: 'translation' }) : await this.credits.balance(member.id);
    if (balance === null) throw fail('insufficient_credits');
    return { dst: result.dst, from: result.from, to, charged: price / 100, amount: balance / 100 };
  }
}
