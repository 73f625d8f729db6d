import { z } from 'zod';
import { CHAT_LIMITS } from '../socket/codes.js';
import { requiredText } from './fields.js';

/** Target languages of /member/index/translate: English, simplified and traditional Chinese. */
export const TRANSLATE_TARGETS = ['en', 'zh', 'cht'] as const;
export type TranslateTarget = (typeof TRANSLATE_TARGETS)[number];

export const TranslateBody = z.object({
  content: requiredText(CHAT_LIMITS.textMax),
  to: z.enum(TRANSLATE_TARGETS),
});
export type TranslateBody = z.infer<typeof TranslateBody>;

/**
 * Answer of a translation: `dst` the translated text, `from` the detected source ('zh', 'cht' or
 * 'auto' when the provider detected it), `charged` the credits it cost (0 with
 * Free_use_of_the_translation_function) and `amount` the balance after it.
 */
export interface TranslateWire {
  dst: string;
  from: string;
  to: TranslateTarget;
  charged: number;
  amount: number;
}
