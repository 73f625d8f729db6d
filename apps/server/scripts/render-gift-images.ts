/**
 * Renders the gift pictures of the catalogue (src/db/seed/gift-catalogue.ts) from Twemoji
 * (@twemoji/svg, graphics CC BY 4.0) to 128x128 WebP in apps/web/public/static/gifts, named by the
 * gift's file. The results are committed (a few KB each), so neither builds nor start-up need this
 * script, the package or an SVG renderer. Run after changing the catalogue:
 * `npm run gift-images -w @kindred/server`.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { GIFT_CATALOGUE } from '../src/db/seed/gift-catalogue.js';

const SIDE = 128;
const require = createRequire(import.meta.url);
const source = dirname(require.resolve('@twemoji/svg/package.json'));
const target = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'public', 'static', 'gifts');

/** Twemoji names a file by its code points in hex, without the emoji presentation selector. */
const twemojiName = (emoji: string) =>
  [...emoji]
    .map((c) => c.codePointAt(0)!)
    .filter((cp) => cp !== 0xfe0f)
    .map((cp) => cp.toString(16))
    .join('-') + '.svg';

mkdirSync(target, { recursive: true });
for (const file of readdirSync(target)) if (file.endsWith('.webp')) rmSync(join(target, file));
const gifts = GIFT_CATALOGUE.flatMap((c) => c.gifts);
const missing = gifts.filter((g) => !existsSync(join(source, twemojiName(g.emoji))));
if (missing.length) throw new Error(`No Twemoji picture for: ${missing.map((g) => g.file).join(', ')}`);

let bytes = 0;
for (const gift of gifts) {
  // Twemoji's viewBox is 36 units: a density giving SIDE pixels keeps the vector sharp (no upscaling).
  const out = join(target, `${gift.file}.webp`);
  const info = await sharp(join(source, twemojiName(gift.emoji)), { density: (72 * SIDE) / 36 })
    .resize(SIDE, SIDE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .webp({ quality: 90, alphaQuality: 100, effort: 6 })
    .toFile(out);
  bytes += info.size;
}

writeFileSync(
  join(target, 'LICENSE.md'),
  `# Gift pictures

These ${gifts.length} pictures are Twemoji graphics (Twemoji by Twitter, Inc. and other contributors,
maintained by jdecked, npm package @twemoji/svg), rendered to ${SIDE}x${SIDE} WebP and renamed by gift.

Twemoji graphics are licensed under CC-BY 4.0: https://creativecommons.org/licenses/by/4.0/
Credit is given on the About us page.
`,
);
console.log(`Rendered ${gifts.length} gift pictures (${Math.round(bytes / 1024)} KB) to ${target}`);
