/**
 * The built console (dist/client) as the server sends it (issue 14 "First load"):
 * - precompressed: the build writes `.br` and `.gz` next to every text asset (vite.config.ts), and
 *   @fastify/static's `preCompressed` sends the best one the browser accepts (br, then gzip), else the file
 *   itself; `Vary: Accept-Encoding` keeps shared caches from mixing them up;
 * - cached: the files under /assets carry their content hash in their name, so they are cached for a year
 *   and never revalidated (`immutable`); everything else (index.html, which names the current hashes) is
 *   `no-cache`: revalidated on every load, so a new build is picked up at once.
 * Client routes fall back to index.html (served the same way); unknown /sapi paths and non-GET get the 404
 * envelope; a missing file under /assets or /static is a plain 404 (a chunk of an older build must fail as a
 * script load, not arrive as index.html and break as a syntax error, so the console can reload itself).
 */
import { relative, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { Code } from '../../shared/envelope';

/** Cache-Control of a hashed file under /assets (one year, never revalidated). */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** Cache-Control of index.html and the other unhashed files: revalidate on every use. */
export const UNHASHED_CACHE = 'no-cache';

/** Folders of real files: a miss there is a 404, never the index.html fallback. */
const FILE_PREFIXES = ['/assets/', '/static/'];

/** Serves the console built in `clientDir` (which holds index.html) with the rules above. */
export async function registerStaticAssets(app: FastifyInstance, clientDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    preCompressed: true,
    cacheControl: false, // set below per file
    setHeaders: (res, path) => {
      const hashed = relative(clientDir, path).split(sep)[0] === 'assets';
      res.setHeader('Cache-Control', hashed ? HASHED_ASSET_CACHE : UNHASHED_CACHE);
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  app.setNotFoundHandler((req, reply) => {
    if (req.method !== 'GET' || req.url.startsWith('/sapi/')) return reply.status(404).send({ code: Code.NOT_FOUND, msg: 'not found', data: null });
    if (FILE_PREFIXES.some((prefix) => req.url.startsWith(prefix))) return reply.status(404).type('text/plain').send('not found');
    return reply.sendFile('index.html');
  });
}
