/**
 * Picks the file store of a configuration (issue 28; docs/files.md "Stores"): `WMS_FILE_STORE` when set, else
 * S3 when `WMS_S3_BUCKET` is set, the database with PostgreSQL, the local folder with the embedded database.
 * Errors: {@link FileStoreConfigError} (a one-line reason) for a kind that is unknown or lacks its settings.
 */
import { defaultFileStore, FILE_STORE_KINDS, type Config } from '../../config';
import type { Database } from '../../db/connect';
import { DatabaseFileStorage } from './db-storage';
import { S3FileStorage } from './s3-storage';
import { createLocalStorage, type FileStorage } from './storage';

export class FileStoreConfigError extends Error {}

export function createFileStorage(config: Pick<Config, 'dataDir' | 'databaseUrl' | 'fileStore' | 's3'>, database: Pick<Database, 'db'>): FileStorage {
  const kind = config.fileStore ?? defaultFileStore(config);
  if (!FILE_STORE_KINDS.includes(kind)) throw new FileStoreConfigError(`WMS_FILE_STORE must be one of ${FILE_STORE_KINDS.join(', ')}, not ${JSON.stringify(kind)}`);
  if (kind === 's3') {
    if (!config.s3) throw new FileStoreConfigError('WMS_FILE_STORE is s3 but WMS_S3_BUCKET is not set');
    return new S3FileStorage(config.s3);
  }
  if (kind === 'database') return new DatabaseFileStorage(database.db);
  return createLocalStorage(config.dataDir);
}
