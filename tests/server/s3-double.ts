// The S3 test double of the server suite: s3rver (npm), a fake S3 server on the local disk that implements the object
// calls Sitedesk makes, multipart uploads included. What it does not cover, and real stores do:
//   - checksums: recent AWS SDK v3 clients send CRC32 headers it ignores; the store's client asks for them only where
//     the API requires (server/files/s3-store.ts), which is also what several S3-compatible stores need;
//   - a multipart upload's ETag is not S3's `<md5 of md5s>-<parts>` (nothing here reads its form);
//   - the 5 MiB minimum part size is S3's rule, not checked by s3rver: the parts' size is asserted by the tests instead;
//   - AbortMultipartUpload and ListParts are not implemented: an abandoned upload's parts stay in the double's folder;
//   - signatures, permissions, consistency delays and throttling (SlowDown) are not simulated.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { s3Client, type S3Settings } from '../../server/files/s3-store';
import { freePort } from './embedded-pg';

export interface S3Double {
  settings: S3Settings;
  /** The same settings as the server's environment (S3_*). */
  env: Record<string, string>;
  client: S3Client;
  /** Keys under a prefix (`files/`, `trash/`, `uploads/`). */
  keys(prefix: string): Promise<string[]>;
  close(): Promise<void>;
}

export async function startS3Double(bucket = 'sitedesk-test'): Promise<S3Double> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'sitedesk-s3-'));
  const port = await freePort();
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  await server.run();
  const settings: S3Settings = { bucket, endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true };
  const client = s3Client(settings);
  return {
    settings,
    env: { S3_BUCKET: bucket, S3_ENDPOINT: settings.endpoint!, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: '1' },
    client,
    async keys(prefix) {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (listed.Contents ?? []).map((o) => o.Key!).sort();
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

