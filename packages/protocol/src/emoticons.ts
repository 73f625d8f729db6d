/**
 * Emoticons (docs/product-rules.md §3): bracketed codes such as `[Smile]` or `[gift]` inside member text —
 * trends, chat messages, mails — that clients show as 24×24 images. The list is the contract:
 * both interfaces, the chat and the server (plain-text previews) read it from here.
 *
 * `emoji` is the Unicode character the picture depicts: clients show its image (named by
 * `emoticonFileName`) and may fall back to the character where images are not possible.
 * Codes are unique whatever their case; the parser matches them in any case.
 */
export interface Emoticon {
  code: string;
  emoji: string;
}

const FACES = [
  ['Smile', '😊'], ['Laugh', '😄'], ['Grin', '😁'], ['Joy', '😂'], ['Rofl', '🤣'], ['Wink', '😉'],
  ['Relieved', '😌'], ['Love', '😍'], ['Kiss', '😘'], ['Hearts', '🥰'], ['Cool', '😎'], ['Smirk', '😏'],
  ['Cry', '😢'], ['Sob', '😭'], ['Angry', '😠'], ['Rage', '😡'], ['Scream', '😱'], ['Surprised', '😮'],
  ['Sad', '😞'], ['Worried', '😟'], ['Sweat', '😅'], ['Tongue', '😛'], ['Crazy', '🤪'], ['Sleepy', '😪'],
  ['Sleep', '😴'], ['Think', '🤔'], ['Shy', '😳'], ['Hug', '🤗'], ['Shush', '🤫'], ['Yum', '😋'],
  ['Sick', '🤢'], ['Mask', '😷'], ['Dizzy', '😵'], ['Angel', '😇'], ['Devil', '😈'], ['Neutral', '😐'],
  ['Speechless', '😶'], ['Eyeroll', '🙄'], ['Unamused', '😒'], ['Pensive', '😔'], ['Confused', '😕'], ['Tired', '😫'],
  ['Party', '🥳'], ['Starstruck', '🤩'], ['Pleading', '🥺'], ['Nerd', '🤓'], ['Rich', '🤑'], ['Clown', '🤡'],
  ['Ghost', '👻'], ['Skull', '💀'], ['Poop', '💩'], ['Alien', '👽'], ['Facepalm', '🤦'], ['Shrug', '🤷'],
] as const;

const GESTURES = [
  ['ThumbsUp', '👍'], ['ThumbsDown', '👎'], ['Ok', '👌'], ['Clap', '👏'], ['Wave', '👋'], ['Pray', '🙏'],
  ['Muscle', '💪'], ['Victory', '✌'], ['Fist', '👊'], ['Handshake', '🤝'], ['Heart', '❤'], ['BrokenHeart', '💔'],
  ['Lips', '💋'],
] as const;

const THINGS = [
  ['gift', '🎁'], ['cake', '🎂'], ['rose', '🌹'], ['flower', '🌸'], ['bouquet', '💐'], ['coffee', '☕'],
  ['beer', '🍺'], ['wine', '🍷'], ['cheers', '🥂'], ['candy', '🍬'], ['icecream', '🍦'], ['pizza', '🍕'],
  ['sun', '☀'], ['moon', '🌙'], ['star', '⭐'], ['rainbow', '🌈'], ['fire', '🔥'], ['sparkles', '✨'],
  ['balloon', '🎈'], ['celebrate', '🎉'], ['ring', '💍'], ['diamond', '💎'], ['crown', '👑'], ['music', '🎵'],
  ['camera', '📷'], ['phone', '📱'], ['plane', '✈'], ['car', '🚗'], ['house', '🏠'], ['dog', '🐶'],
  ['cat', '🐱'], ['panda', '🐼'], ['teddy', '🧸'],
] as const;

/** The picker's order: faces, then gestures and hearts, then things. */
export const EMOTICONS: readonly Emoticon[] = [...FACES, ...GESTURES, ...THINGS].map(([code, emoji]) => ({ code, emoji }));

const BY_CODE = new Map(EMOTICONS.map((e) => [e.code.toLowerCase(), e]));

/** The emoticon a code names (any case, without brackets), or undefined. */
export function findEmoticon(code: string): Emoticon | undefined {
  return BY_CODE.get(code.toLowerCase());
}

/** The picture's file name, the same for every client: `[ThumbsUp]` → `thumbsup.svg`. */
export function emoticonFileName(code: string): string {
  return `${code.toLowerCase()}.svg`;
}

/** How a code is written in text: `Smile` → `[Smile]`. */
export const emoticonText = (code: string) => `[${code}]`;

export type TextPart = { type: 'text'; text: string } | { type: 'emoticon'; code: string };

// Codes are letters only and short; anything else in brackets is ordinary text.
const CODE_PATTERN = /\[([A-Za-z]{1,20})\]/g;

/**
 * Splits member text into text and emoticon parts, in order. Known codes (any case) become
 * emoticon parts with their canonical spelling; unknown brackets stay text; neighbouring text is
 * one part; empty text gives no parts. Rendering is the client's: parts are never HTML.
 */
export function parseEmoticons(text: string): TextPart[] {
  const parts: TextPart[] = [];
  const pushText = (s: string) => {
    if (!s) return;
    const last = parts[parts.length - 1];
    if (last?.type === 'text') last.text += s;
    else parts.push({ type: 'text', text: s });
  };
  let from = 0;
  for (const match of text.matchAll(CODE_PATTERN)) {
    const found = findEmoticon(match[1]!);
    if (!found) continue;
    pushText(text.slice(from, match.index));
    parts.push({ type: 'emoticon', code: found.code });
    from = match.index + match[0].length;
  }
  pushText(text.slice(from));
  return parts;
}

/** Plain text with each emoticon as its Unicode character (notifications, previews, titles). */
export function emoticonsToUnicode(text: string): string {
  return parseEmoticons(text)
    .map((p) => (p.type === 'text' ? p.text : (findEmoticon(p.code)?.emoji ?? '')))
    .join('');
}
