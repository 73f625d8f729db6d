import type { Member } from '../../domain/member.js';

/**
 * Upload keys carry the uploader's id (uploads.service.ts), so a path names its owner: a member may
 * use (as avatar, photo, background or trend image) and delete only files under their own id.
 */
export function ownsImage(member: Pick<Member, 'id'>, url: string): boolean {
  if (url.includes('..') || url.includes('\\')) return false;
  return ['avatar', 'dynamic', 'photo'].some((dir) => new RegExp(`^/uploads/${dir}/${member.id}/[A-Za-z0-9_-]+\\.(png|jpg)$`).test(url));
}
