import { LocalStorage, type S3Options, type Storage } from './storage.js';

/**
 * The store the configuration names: the bucket when S3_BUCKET is set (checked reachable, so a
 * wrong setting stops the start with its reason), else the local folder. The SDK is loaded only
 * then: a single machine never pays for it.
 */
export async function createStorage(config: { uploadsDir: string; s3?: S3Options }): Promise<Storage> {
  if (!config.s3) return new LocalStorage(config.uploadsDir);
  const { S3Storage } = await import('./s3-storage.js');
  const storage = new S3Storage(config.s3);
  await storage.verify();
  return storage;
}
