import { createAvatar } from '@dicebear/core';
import { avataaars, shapes } from '@dicebear/collection';
import sharp from 'sharp';

const FEMALE_TOPS = ['bob', 'bun', 'curly', 'curvy', 'frida', 'longButNotTooLong', 'miaWallace', 'straight01', 'straight02', 'straightAndStrand', 'bigHair', 'hijab'] as const;
const MALE_TOPS = ['shortCurly', 'shortFlat', 'shortRound', 'shortWaved', 'sides', 'theCaesar', 'theCaesarAndSidePart', 'dreads01', 'frizzle', 'shaggy', 'hat', 'turban'] as const;

/** Avatars drawn offline with DiceBear (avataaars, CC BY 4.0) and rendered to a 300x300 PNG by sharp. */
export async function avatarPng(seed: string, sex: number): Promise<Buffer> {
  const svg = createAvatar(avataaars, {
    seed,
    size: 300,
    backgroundColor: ['b6e3f4', 'c0aede', 'd1d4f9', 'ffd5dc', 'ffdfbf'],
    top: [...(sex === 0 ? FEMALE_TOPS : MALE_TOPS)],
    facialHairProbability: sex === 0 ? 0 : 30,
    // Friendly faces only: a dating community's demo should not greet newcomers with dizzy or crying ones.
    eyes: ['default', 'happy', 'side', 'squint', 'wink'],
    mouth: ['default', 'smile', 'twinkle', 'serious'],
    eyebrows: ['default', 'defaultNatural', 'raisedExcited', 'raisedExcitedNatural', 'flatNatural'],
    skinColor: ['614335', 'd08b5b', 'ae5d29', 'edb98a', 'ffdbb4'],
    accessoriesProbability: 15,
  }).toString();
  return sharp(Buffer.from(svg)).resize(300, 300).png({ compressionLevel: 9 }).toBuffer();
}

/** Album photos and backgrounds: abstract DiceBear "shapes" compositions as 800x600 JPEGs. */
export async function photoJpg(seed: string): Promise<Buffer> {
  const svg = createAvatar(shapes, { seed, size: 600 }).toString();
  return sharp(Buffer.from(svg)).resize(800, 600, { fit: 'cover' }).jpeg({ quality: 80 }).toBuffer();
}
