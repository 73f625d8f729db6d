import { emoticonFileName } from '@kindred/protocol';

/** Where the build serves an emoticon's picture (copied from Twemoji by scripts/copy-emoticons.ts). */
export const emoticonUrl = (code: string) => `/static/emoticons/${emoticonFileName(code)}`;

/** Emoticons show at 24×24 px (docs/product-rules.md §9). */
export const EMOTICON_SIZE = 24;
