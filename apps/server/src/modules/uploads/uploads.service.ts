import type { UploadsFields } from '@kindred/protocol';
import { randomBytes } from 'node:crypto';
import { fail } from '../../errors.js';
import type { UploadedFile } from '../../http/uploaded-file.js';
import { encodeAvatar, reencodeUpload } from '../../infra/images.js';
import type { Storage } from '../../infra/storage.js';
import type { Member } from '../../domain/member.js';

/** Keys carry the owner's id, which is how ownership of an uploaded path is checked later. */
const keyFor = (dir: string, memberId: number, ext: string) => `${dir}/${memberId}/${randomBytes(12).toString('base64url')}.${ext}`;

export class UploadsService {
  constructor(private readonly storage: Storage) {}

  async upload(member: Member, file: UploadedFile | undefined, { dir }: UploadsFields): Promise<string> {
    if (!file || file.buffer.length === 0) throw fail('not_an_image');
    const image = await reencodeUpload(file.buffer);
    return this.storage.put(keyFor(dir, member.id, image.ext), image.data);
  }

  /** A report's picture (modules/reports): the same pipeline, kept under report/<reporter id>/. */
  async uploadReportImage(member: Member, file: UploadedFile): Promise<string> {
    if (file.buffer.length === 0) throw fail('not_an_image');
    const image = await reencodeUpload(file.buffer);
    return this.storage.put(keyFor('report', member.id, image.ext), image.data);
  }

  /** Removes a file this service stored for a row that was then not written. */
  async discard(url: string): Promise<void> {
    await this.storage.remove(url);
  }

  async uploadAvatar(member: Member, file: UploadedFile | undefined): Promise<string> {
    if (!file || file.buffer.length === 0) throw fail('not_an_image');
    const image = await encodeAvatar(file.buffer);
    return this.storage.put(keyFor('avatar', member.id, image.ext), image.data);
  }
}
