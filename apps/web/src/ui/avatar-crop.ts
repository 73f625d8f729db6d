import { LIMITS } from '@kindred/protocol';

/** The avatar crop rules of docs/product-rules.md §5, shared by both interfaces. */
export const AVATAR_TYPES = ['image/gif', 'image/jpeg', 'image/png'];

export type AvatarFileProblem = 'format' | 'size' | 'small';

export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('image'));
    img.src = src;
  });
}

/** Checks type and size first (cheap), then the pixel size once decoded. */
export async function checkAvatarFile(file: File): Promise<{ problem: AvatarFileProblem } | { url: string; image: HTMLImageElement }> {
  if (!AVATAR_TYPES.includes(file.type)) return { problem: 'format' };
  if (file.size > LIMITS.avatarMaxBytes) return { problem: 'size' };
  const url = URL.createObjectURL(file);
  try {
    const image = await loadImage(url);
    if (image.naturalWidth < LIMITS.avatarMinSide || image.naturalHeight < LIMITS.avatarMinSide) {
      URL.revokeObjectURL(url);
      return { problem: 'small' };
    }
    return { url, image };
  } catch {
    URL.revokeObjectURL(url);
    return { problem: 'format' };
  }
}

/** Draws the chosen area into a 300x300 canvas and answers it as a png. */
export function renderAvatar(image: HTMLImageElement, area: CropArea): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = LIMITS.avatarSide;
  canvas.height = LIMITS.avatarSide;
  const ctx = canvas.getContext('2d')!;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, LIMITS.avatarSide, LIMITS.avatarSide);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encode'))), 'image/png'));
}

/** The largest centred square: the default crop before the member moves it. */
export function centredSquare(image: HTMLImageElement): CropArea {
  const side = Math.min(image.naturalWidth, image.naturalHeight);
  return { x: (image.naturalWidth - side) / 2, y: (image.naturalHeight - side) / 2, width: side, height: side };
}
