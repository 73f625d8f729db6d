import { LIMITS, type PhotoListBody } from '@kindred/protocol';
import { fail } from '../../errors.js';
import type { Member } from '../../domain/member.js';
import type { BlockCheck } from '../blocks/blocks.service.js';
import type { FileCleanup } from '../uploads/file-cleanup.js';
import { ownsImage } from '../uploads/ownership.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { BackPhotoRow, PhotoRow, PhotosRepository } from './photos.repository.js';

export interface PhotoPage {
  rows: PhotoRow[];
  hasMore: boolean;
}

const PAGE = LIMITS.photoPageSize;

/**
 * Albums and background photos. A member adds only images they uploaded and deletes only their
 * own rows; deleting someone else's answers "not found" and changes nothing.
 */
export class PhotosService {
  constructor(
    private readonly photos: PhotosRepository,
    private readonly users: UsersRepository,
    private readonly files: FileCleanup,
    private readonly blocks: BlockCheck,
    private readonly now: () => number = Date.now,
  ) {}

  mine(viewer: Member, paging: PhotoListBody): Promise<PhotoPage> {
    return this.page(viewer.id, paging);
  }

  async ofMember(viewer: Member, userId: number, paging: PhotoListBody): Promise<PhotoPage> {
    const owner = await this.users.findById(userId);
    if (!owner || owner.status !== 1) throw fail('user_not_found');
    await this.blocks.assertVisible(viewer.id, userId);
    return this.page(userId, paging);
  }

  async release(viewer: Member, img: string): Promise<PhotoRow> {
    if (!ownsImage(viewer, img)) throw fail('image_not_owned');
    const id = await this.photos.insertPhoto({ user_id: viewer.id, img, created_at: this.now() });
    const row = await this.photos.findPhoto(id);
    if (!row) throw fail('not_found');
    return row;
  }

  async delete(viewer: Member, id: number): Promise<void> {
    const deleted = await this.photos.deletePhotoOwned(id, viewer.id);
    if (!deleted) throw fail('not_found');
    await this.files.release(viewer.id, deleted.img);
  }

  async releaseBackground(viewer: Member, img: string): Promise<BackPhotoRow[]> {
    if (!ownsImage(viewer, img)) throw fail('image_not_owned');
    await this.photos.insertBackPhoto({ user_id: viewer.id, img, created_at: this.now() });
    return this.photos.listBackPhotos(viewer.id, LIMITS.backphotosShown);
  }

  async deleteBackground(viewer: Member, id: number): Promise<BackPhotoRow[]> {
    const deleted = await this.photos.deleteBackPhotoOwned(id, viewer.id);
    if (!deleted) throw fail('not_found');
    await this.files.release(viewer.id, deleted.img);
    return this.photos.listBackPhotos(viewer.id, LIMITS.backphotosShown);
  }

  private async page(userId: number, { before, page }: PhotoListBody): Promise<PhotoPage> {
    const offset = before != null ? 0 : (page - 1) * PAGE;
    const rows = await this.photos.listPhotos({ userId, before, offset, limit: PAGE + 1 });
    return { rows: rows.slice(0, PAGE), hasMore: rows.length > PAGE };
  }
}
