import type { Storage } from '../../infra/storage.js';

/**
 * The folders uploads.service.ts writes a member's files to (`<dir>/<member id>/<name>`). The
 * deletion test scans the whole uploads folder, so a folder added without being named here fails it.
 */
export const MEMBER_UPLOAD_DIRS = ['avatar', 'dynamic', 'photo', 'report'] as const;

/** The keys of every file stored for the member. */
export async function* memberFileKeys(storage: Storage, memberId: number): AsyncIterable<string> {
  for (const dir of MEMBER_UPLOAD_DIRS) {
    for await (const file of storage.list(`${dir}/${memberId}/`)) yield file.key;
  }
}
