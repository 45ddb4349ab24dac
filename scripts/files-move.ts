/**
 * `npm run files:move`: moves the files of `<WMS_DATA_DIR>/files` into the configured store (the database with
 * DATABASE_URL, S3 with WMS_S3_*; docs/files.md "Moving files into the store"). Resumable and idempotent: run it
 * again after a stop or a failure. Prints the counts; exits 1 when a file failed or the store is the local folder.
 */
import { join, resolve } from 'node:path';
import { configFromEnv } from '../src/server/config';
import { openDatabase } from '../src/server/db/connect';
import { migrateDatabase } from '../src/server/db/migrate';
import { moveLocalFiles } from '../src/server/domain/files/move';
import { createFileStorage } from '../src/server/domain/files/store';

const config = configFromEnv();
const root = resolve(join(config.dataDir, 'files'));
const database = await openDatabase(config);
let code = 0;
try {
  await migrateDatabase(database);
  const store = createFileStorage(config, database);
  if (store.kind === 'local') {
    console.error(`files:move: the configured store is the local folder ${root} itself; set DATABASE_URL or WMS_S3_BUCKET (or WMS_FILE_STORE)`);
    code = 1;
  } else {
    await store.check();
    console.log(`files:move: ${root} -> ${store.kind} store`);
    const c = await moveLocalFiles(root, store, (line) => console.log(line));
    console.log(`moved ${c.moved}, already in the store ${c.alreadyThere}, failed ${c.failed}, not storage keys (left) ${c.ignored}`);
    for (const e of c.errors) console.error(`  ${e}`);
    if (c.failed) code = 1;
    await store.dispose?.();
  }
} catch (e) {
  console.error(`files:move: ${(e as Error).message}`);
  code = 1;
} finally {
  await database.close();
}
process.exit(code);
