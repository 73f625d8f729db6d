import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Options } from '../../src/infra/storage.js';

/** s3rver's fixed credentials: it checks every request's signature against them. */
const ACCESS_KEY = 'S3RVER';

export interface S3StandIn {
  endpoint: string;
  bucket: string;
  /** The environment that points a node at this bucket (config.ts reads it). */
  env: Record<string, string>;
  /** The same as store options, for an S3Storage made in the test. */
  options(keyPrefix?: string): S3Options;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver, files in a temp folder) on a loopback port, with one
 * bucket: the real SDK talks to it over HTTP with signed requests, as it would to MinIO or AWS.
 */
export async function startS3StandIn(bucket = 'kindred-test'): Promise<S3StandIn> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'kindred-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: ACCESS_KEY, S3_SECRET_ACCESS_KEY: ACCESS_KEY },
    options: (keyPrefix = '') => ({
      bucket,
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
      forcePathStyle: true,
      keyPrefix,
    }),
    async close() {
      // Clients keep connections alive; closing would wait for them otherwise.
      server.httpServer?.closeAllConnections();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
