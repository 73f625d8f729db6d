import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/** A colourful 640x480 JPEG to upload as an avatar or photo. */
export async function samplePhoto(): Promise<string> {
  const file = path.join(os.tmpdir(), `kindred-e2e-photo-${process.pid}.jpg`);
  if (!fs.existsSync(file)) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="#f7c6d3"/><circle cx="320" cy="220" r="150" fill="#e5486f"/><rect x="120" y="360" width="400" height="60" fill="#6f7d8c"/></svg>`;
    await sharp(Buffer.from(svg)).jpeg().toFile(file);
  }
  return file;
}

let counter = 0;
/** Usernames are letters and digits, at most 12 (8 on invitations). */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36).slice(-5)}${counter}`.slice(0, 12);
}
