/**
 * Copies the pictures of the emoticon codes (packages/protocol/src/emoticons.ts) from Twemoji
 * (@twemoji/svg, graphics CC-BY 4.0) into public/static/emoticons, named by code. Only the mapped
 * ~100 files are copied; they are committed, so builds need neither this script nor the package.
 * Run after changing the list: `npm run emoticons -w @kindred/web`.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMOTICONS, emoticonFileName } from '@kindred/protocol';

const require = createRequire(import.meta.url);
const source = dirname(require.resolve('@twemoji/svg/package.json'));
const target = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'static', 'emoticons');

/** Twemoji names a file by its code points in hex, without the emoji presentation selector. */
const twemojiName = (emoji: string) =>
  [...emoji]
    .map((c) => c.codePointAt(0)!)
    .filter((cp) => cp !== 0xfe0f)
    .map((cp) => cp.toString(16))
    .join('-') + '.svg';

mkdirSync(target, { recursive: true });
for (const file of readdirSync(target)) if (file.endsWith('.svg')) rmSync(join(target, file));
const missing: string[] = [];
for (const { code, emoji } of EMOTICONS) {
  const from = join(source, twemojiName(emoji));
  if (!existsSync(from)) missing.push(`${code} (${twemojiName(emoji)})`);
  else copyFileSync(from, join(target, emoticonFileName(code)));
}
if (missing.length) throw new Error(`No Twemoji picture for: ${missing.join(', ')}`);

writeFileSync(
  join(target, 'LICENSE.md'),
  `# Emoticon pictures

These ${EMOTICONS.length} pictures are Twemoji graphics, copied unchanged (renamed by emoticon code) from the
npm package @twemoji/svg (Twemoji by Twitter, Inc. and other contributors, maintained by jdecked).

Twemoji graphics are licensed under CC-BY 4.0: https://creativecommons.org/licenses/by/4.0/
Credit is given on the About us page.
`,
);
console.log(`Copied ${EMOTICONS.length} emoticons to ${target}`);
