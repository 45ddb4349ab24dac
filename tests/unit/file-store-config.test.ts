/**
 * Which file store a configuration picks (issue 28; src/server/domain/files/store.ts, config.ts WMS_FILE_STORE
 * and WMS_S3_*; docs/files.md "Stores").
 */
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../src/server/config';
import type { Db } from '../../src/server/db/connect';
import { createFileStorage, FileStoreConfigError } from '../../src/server/domain/files/store';

const database = { db: {} as Db };
const kindOf = (env: NodeJS.ProcessEnv) => {
  const store = createFileStorage({ ...configFromEnv(env), dataDir: 'memory://' }, database);
  void store.dispose?.();
  return store.kind;
};

describe('file store from the environment', () => {
  it('local with the embedded database, the database with PostgreSQL, S3 when a bucket is set', () => {
    expect(kindOf({})).toBe('local');
    expect(kindOf({ DATABASE_URL: 'postgres://h/db' })).toBe('database');
    expect(kindOf({ DATABASE_URL: 'postgres://h/db', WMS_S3_BUCKET: 'files' })).toBe('s3');
    expect(kindOf({ WMS_S3_BUCKET: 'files' })).toBe('s3');
  });

  it('WMS_FILE_STORE chooses explicitly; an unknown kind or s3 without a bucket is refused with the reason', () => {
    expect(kindOf({ DATABASE_URL: 'postgres://h/db', WMS_FILE_STORE: 'local' })).toBe('local');
    expect(kindOf({ WMS_FILE_STORE: 'database' })).toBe('database');
    expect(() => kindOf({ WMS_FILE_STORE: 'ftp' })).toThrow(new FileStoreConfigError('WMS_FILE_STORE must be one of local, database, s3, not "ftp"'));
    expect(() => kindOf({ WMS_FILE_STORE: 's3' })).toThrow('WMS_FILE_STORE is s3 but WMS_S3_BUCKET is not set');
  });

  it('reads the S3 settings; region defaults to us-east-1, path style only when asked', () => {
    expect(configFromEnv({ WMS_S3_BUCKET: ' files ' }).s3).toEqual({ bucket: 'files', endpoint: undefined, region: 'us-east-1', accessKeyId: undefined, secretAccessKey: undefined, forcePathStyle: false, prefix: undefined });
    expect(configFromEnv({ WMS_S3_BUCKET: 'b', WMS_S3_ENDPOINT: 'http://minio:9000', WMS_S3_REGION: 'me-south-1', WMS_S3_ACCESS_KEY_ID: 'k', WMS_S3_SECRET_ACCESS_KEY: 's', WMS_S3_FORCE_PATH_STYLE: 'true', WMS_S3_PREFIX: 'wms/' }).s3)
      .toEqual({ bucket: 'b', endpoint: 'http://minio:9000', region: 'me-south-1', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true, prefix: 'wms/' });
    expect(configFromEnv({ WMS_S3_ENDPOINT: 'http://minio:9000' }).s3).toBeUndefined();
  });
});
