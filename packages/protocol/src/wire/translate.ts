import { z } from 'zod';

/** Target languages of /member/index/translate: English, simplified and traditional Chinese. */
export const TRANSLATE_TARGETS = ['en', 'zh', 'cht'] as const;
export type TranslateTarget = (typeof TRANSLATE_TARGETS)[number];

/**
 * Answer of a translation: `dst` the translated text, `from` the detected source ('zh', 'cht' or
 * 'auto' when the provider detected it), `charged` the credits it cost (0 with
 * Free_use_of_the_translation_function) and `amount` the balance after it.
 */
export const TranslateWire = z.object({
  dst: z.string(),
  from: z.string(),
  to: z.enum(TRANSLATE_TARGETS),
  charged: z.number(),
  amount: z.number(),
});
export type TranslateWire = z.infer<typeof TranslateWire>;
