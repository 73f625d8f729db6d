import { LIMITS } from '@kindred/protocol';
import sharp from 'sharp';
import { fail } from '../errors.js';

const ACCEPTED = new Set(['jpeg', 'png', 'gif', 'webp']);
const MAX_SIDE = 2048;

export interface EncodedImage {
  data: Buffer;
  ext: 'png' | 'jpg';
  width: number;
  height: number;
}

async function inspect(input: Buffer, formats: Set<string>) {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw fail('not_an_image');
  }
  if (!meta.format || !formats.has(meta.format) || !meta.width || !meta.height) throw fail('not_an_image');
  // Checked on the header, before any pixel is decoded: a 20000x20000 file never reaches the decoder.
  if (meta.width * meta.height > LIMITS.imageMaxPixels) throw fail('image_too_large');
  return meta;
}

const decoder = (input: Buffer) => sharp(input, { limitInputPixels: LIMITS.imageMaxPixels, failOn: 'error' }).rotate();

async function encode(pipeline: sharp.Sharp, ext: 'png' | 'jpg'): Promise<EncodedImage> {
  try {
    const out = ext === 'png' ? pipeline.png({ compressionLevel: 9 }) : pipeline.jpeg({ quality: 85, mozjpeg: true });
    const { data, info } = await out.toBuffer({ resolveWithObject: true });
    return { data, ext, width: info.width, height: info.height };
  } catch {
    throw fail('not_an_image');
  }
}

/**
 * Every uploaded image is decoded and re-encoded: what we store and serve are our own bytes, with
 * no EXIF/GPS and no payload hiding behind an image header. The original is never kept.
 */
export async function reencodeUpload(input: Buffer): Promise<EncodedImage> {
  const meta = await inspect(input, ACCEPTED);
  const pipeline = decoder(input).resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
  return encode(pipeline, meta.hasAlpha ? 'png' : 'jpg');
}

/** The avatar crop's output: gif/jpg/png, at least 300x300, stored as a 300x300 png. */
export async function encodeAvatar(input: Buffer): Promise<EncodedImage> {
  const meta = await inspect(input, new Set(['jpeg', 'png', 'gif']));
  const side = LIMITS.avatarMinSide;
  const [w, h] = meta.orientation && meta.orientation >= 5 ? [meta.height!, meta.width!] : [meta.width!, meta.height!];
  if (w < side || h < side) throw fail('image_too_small');
  return encode(decoder(input).resize(LIMITS.avatarSide, LIMITS.avatarSide, { fit: 'cover' }), 'png');
}
