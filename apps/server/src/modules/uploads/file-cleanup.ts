import type { Storage } from '../../infra/storage.js';
import type { FileReferencesRepository } from './file-references.repository.js';
import { ownsImage } from './ownership.js';

/**
 * Removes a stored file once the last row using it is gone. Only files under the owner's own id
 * are ever touched, and a failed removal never fails the member's request (the row is already
 * deleted; an orphan file costs disk, not correctness).
 */
export class FileCleanup {
  constructor(
    private readonly references: FileReferencesRepository,
    private readonly storage: Storage,
    private readonly log: { error(obj: unknown, msg: string): void },
  ) {}

  async release(ownerId: number, url: string): Promise<void> {
    if (!url || !ownsImage({ id: ownerId }, url)) return;
    try {
      if (await this.references.isInUse(ownerId, url)) return;
      await this.storage.remove(url);
    } catch (error) {
      this.log.error({ err: error, url }, 'could not remove an unused upload');
    }
  }
}
