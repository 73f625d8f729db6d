import { z } from 'zod';
import { CHAT_LIMITS } from '../socket/codes.js';
import { TRANSLATE_TARGETS, TranslateWire } from '../wire/translate.js';
import { defineCall } from './define.js';
import { requiredText } from './fields.js';

export const TranslateBody = z.object({
  content: requiredText(CHAT_LIMITS.textMax),
  to: z.enum(TRANSLATE_TARGETS),
});
export type TranslateBody = z.infer<typeof TranslateBody>;

/** 200 data.dst; -1 insufficient credits; -2 no provider serves the pair; -3 the provider failed. */
export const translateText = defineCall({ path: '/member/index/translate', body: TranslateBody, answer: TranslateWire, access: 'member' });
