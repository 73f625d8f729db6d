import zlib from 'node:zlib';
import sharp from 'sharp';
import type { FilePart } from './multipart.js';

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

export interface ImageOptions {
  /** Embed EXIF (with a GPS position) the way a phone camera does. */
  exif?: boolean;
  /** An alpha channel (png/webp only). */
  alpha?: boolean;
}

/** A real, decodable image of the given size, built in memory. */
export async function makeImage(format: ImageFormat, width: number, height: number, options: ImageOptions = {}): Promise<Buffer> {
  const channels = options.alpha ? 4 : 3;
  const background = options.alpha ? { r: 200, g: 60, b: 120, alpha: 0.5 } : { r: 200, g: 60, b: 120 };
  let image = sharp({ create: { width, height, channels, background } });
  if (options.exif) {
    image = image.withExif({
      IFD0: { Copyright: 'Kindred test', ImageDescription: 'taken at home', Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    });
  }
  switch (format) {
    case 'png':
      return image.png().toBuffer();
    case 'jpeg':
      return image.jpeg({ quality: 80 }).toBuffer();
    case 'gif':
      return image.gif().toBuffer();
    case 'webp':
      return image.webp().toBuffer();
  }
}

const EXTENSIONS: Record<ImageFormat, string> = { png: 'png', jpeg: 'jpg', gif: 'gif', webp: 'webp' };

/** A file part carrying an image, named and typed as a browser would send it. */
export function imagePart(field: string, data: Buffer, format: ImageFormat): FilePart {
  return { field, filename: `picture.${EXTENSIONS[format]}`, contentType: `image/${format}`, data };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A "decompression bomb": a valid PNG header announcing width x height RGB pixels (20000x20000 is
 * 1.2 GB once decoded) followed by a tiny compressed stream of the first rows. A few hundred bytes.
 */
export function pngBomb(width = 20_000, height = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // colour type: RGB
  ihdr.writeUInt8(0, 10); // compression
  ihdr.writeUInt8(0, 11); // filter
  ihdr.writeUInt8(0, 12); // no interlace
  const rows = Buffer.alloc((width * 3 + 1) * 4); // four rows of black, each with filter byte 0
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
