import type { Db, DbOrTx } from '../../db/database.js';

/** An album photo with its owner's name and avatar (what the photo card shows). */
export interface PhotoRow {
  id: number;
  user_id: number;
  img: string;
  created_at: number;
  username: string;
  avatar: string;
}

export interface BackPhotoRow {
  id: number;
  img: string;
}

export interface PhotoQuery {
  userId: number;
  /** Keyset: photos older than this id. */
  before?: number;
  offset: number;
  limit: number;
}

/** Album photos and background photos: both are a member's images, listed by photos_user / background_photos_user. */
export class PhotosRepository {
  constructor(private readonly db: Db) {}

  async insertPhoto(row: { user_id: number; img: string; created_at: number }, trx: DbOrTx = this.db): Promise<number> {
    const inserted = await trx.insertInto('photos').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }

  listPhotos({ userId, before, offset, limit }: PhotoQuery, trx: DbOrTx = this.db): Promise<PhotoRow[]> {
    return this.photosWithOwner(trx)
      .where('photos.user_id', '=', userId)
      .$if(before != null, (qb) => qb.where('photos.id', '<', before!))
      .orderBy('photos.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  findPhoto(id: number, trx: DbOrTx = this.db): Promise<PhotoRow | undefined> {
    return this.photosWithOwner(trx).where('photos.id', '=', id).executeTakeFirst();
  }

  /** Deletes the photo only if `userId` owns it; answers its image, if one was deleted. */
  deletePhotoOwned(id: number, userId: number, trx: DbOrTx = this.db): Promise<{ img: string } | undefined> {
    return trx.deleteFrom('photos').where('id', '=', id).where('user_id', '=', userId).returning('img').executeTakeFirst();
  }

  async insertBackPhoto(row: { user_id: number; img: string; created_at: number }, trx: DbOrTx = this.db): Promise<number> {
    const inserted = await trx.insertInto('background_photos').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }

  listBackPhotos(userId: number, limit: number, trx: DbOrTx = this.db): Promise<BackPhotoRow[]> {
    return trx
      .selectFrom('background_photos')
      .select(['id', 'img'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Deletes the background only if `userId` owns it; answers its image, if one was deleted. */
  deleteBackPhotoOwned(id: number, userId: number, trx: DbOrTx = this.db): Promise<{ img: string } | undefined> {
    return trx.deleteFrom('background_photos').where('id', '=', id).where('user_id', '=', userId).returning('img').executeTakeFirst();
  }

  private photosWithOwner(trx: DbOrTx) {
    return trx
      .selectFrom('photos')
      .innerJoin('users', 'users.id', 'photos.user_id')
      .select(['photos.id', 'photos.user_id', 'photos.img', 'photos.created_at', 'users.username', 'users.avatar']);
  }
}
