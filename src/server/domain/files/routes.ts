/**
 * Registers the file calls (spec 7.1, 7.2; issue 3) on the app: @fastify/multipart (file size limit
 * {@link MAX_UPLOAD_BYTES} + 1 byte, so that one byte over can be told from exactly the limit), the file store
 * of the config (./store.ts: the database, an S3 bucket or `<WMS_DATA_DIR>/files`), `POST /sapi/sys/file/upload`
 * (permission 'any'), `POST /sapi/sys/file/sign` (permission 'any'; signed file addresses, ./download.ts) and
 * `GET /sapi/sys/file/get/*`; decorates the app with `pathSigner` (./signed-url.ts). Returns the storage, which the imports read from;
 * it is also `app.fileStorage`.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/connect';
import { MULTIPART } from '../../http/body';
import { sapiRoute } from '../../http/sapi';
import type { FileStorage } from './storage';
import { createFileStorage } from './store';
import { serveFile, signBody, signFiles } from './download';
import { lazyPathSigner, type PathSigner } from './signed-url';
import { FILE_URL_PREFIX, MAX_UPLOAD_BYTES, uploadFile } from './upload';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files live (set by registerFileRoutes): for modules that read or write stored files. */
    fileStorage: FileStorage;
    /** Signs and checks `<path>?u&exp&sig` addresses (./signed-url.ts), made at first use: files and export downloads. */
    pathSigner: () => PathSigner;
  }
}

export async function registerFileRoutes(app: FastifyInstance, database: Database, config: Pick<Config, 'dataDir' | 'databaseUrl' | 'fileStore' | 's3'>): Promise<FileStorage> {
  const { db } = database;
  const storage = createFileStorage(config, database);
  app.decorate('fileStorage', storage);
  app.addHook('onClose', async () => { await storage.dispose?.(); });
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1 } });
  }
  const signer = lazyPathSigner(config.dataDir);
  app.decorate('pathSigner', signer);
  const deps = { db, storage, signer };
  sapiRoute(app, db, '/sapi/sys/file/upload', 'any', { body: MULTIPART }, ({ req, ctx, user }) => uploadFile(deps, req, ctx, user));
  sapiRoute(app, db, '/sapi/sys/file/sign', 'any', { body: signBody }, ({ user, body }) => signFiles(deps, user, body));
  app.get(`${FILE_URL_PREFIX}*`, (req, reply) => serveFile(deps, req, reply));
  return storage;
}
