/**
 * `/api/v1`: the door for goods owners' systems (issue 31; DESIGN "Two doors into the same rules";
 * docs/owner-api.md). Registered from the generated route table (generated/server/api-routes.ts), in a Fastify
 * context of its own whose error and not-found handlers answer RFC 9457 problem details (problem.ts), never the
 * /sapi envelope. A call travels: key (principal.ts, 401) -> rate limit (429) -> scope (403) -> for a POST the
 * Idempotency-Key claim and one transaction (idempotency.ts) -> the operation (operations.ts: the generic handlers
 * and domain functions with the key's scope) -> JSON. Every call is recorded like a /sapi call
 * (http/requestRecords.ts: user = the key's prefix, code = the HTTP status; a 500 goes to the exception log).
 *
 * Also: `GET /api/v1/openapi.json` (the generated document, no key needed) and `GET /api/v1/docs`, a reference
 * page rendering it with Swagger UI (swagger-ui-dist, served from this server: no CDN; the page's script is a
 * file, as the Content-Security-Policy `script-src 'self'` requires).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { apiResources, apiRoutes } from '../../../generated/server/api-routes';
import { bindings } from '../../../generated/server/routes';
import type { ApiResourceSpec } from '../../shared/resource-meta';
import type { Db } from '../db/connect';
import { redactError } from '../domain/records/redact';
import { noteException, noteUser } from '../http/requestRecords';
import { renamer } from './bodies';
import { idempotencyKey, once, registerIdempotencyJobs, type ApiAnswer } from './idempotency';
import { checkOperations, operations, type OpArgs } from './operations';
import { authenticateKey, countCall, requireScope } from './principal';
import { ApiProblem, apiLang, sendProblem, toProblem } from './problem';

type Row = Record<string, unknown>;

/** Where the API lives. */
export const API_PREFIX = '/api/v1';
const DOCS_ASSETS = `${API_PREFIX}/docs/assets/`;

/** The generated OpenAPI document as served (read once). */
const openApiText = () => readFileSync(new URL('../../../generated/api/openapi.json', import.meta.url), 'utf8');

/** The reference page: Swagger UI over the document; its own script is a file (no inline script under the CSP). */
const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>WMS owner API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${DOCS_ASSETS}swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${DOCS_ASSETS}swagger-ui-bundle.js"></script>
<script src="${API_PREFIX}/docs/init.js"></script>
</body>
</html>
`;
const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '${API_PREFIX}/openapi.json', dom_id: '#swagger-ui', deepLinking: true, presets: [SwaggerUIBundle.presets.apis], layout: 'BaseLayout', tryItOutEnabled: false });\n`;

/** Serves one route of the table (module doc). */
function serve(db: Db, route: (typeof apiRoutes)[number], a: ApiResourceSpec) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const lang = apiLang(req);
    const principal = await authenticateKey(db, req, lang);
    noteUser(req, principal.user);
    await countCall(db, principal, reply, lang);
    requireScope(principal, 'scope' in route ? route.scope : undefined, lang);
    const user = principal.user;
    const base = { db, ctx: { lang, tzHours: 0, user }, user, binding: bindings[a.resource as keyof typeof bindings], body: {} };
    const args = { a, principal, params: req.params as Row, query: (req.query ?? {}) as Row, body: req.body ?? {} };
    const run = (call: OpArgs['call']) => operations[route.operation]({ ...args, call });
    let answer: ApiAnswer;
    if (route.method === 'POST') {
      const key = idempotencyKey(req, lang);
      const done = await once(db, principal.keyId, key, req, lang, (tx) => run({ ...base, db: tx }));
      if (done.replayed) reply.header('Idempotent-Replayed', 'true');
      answer = done;
    } else answer = await run(base);
    return reply.status(answer.status).type('application/json; charset=utf-8').send(JSON.stringify(answer.body));
  };
}

/** Registers /api/v1 (module doc) on `app`. */
export async function registerApiRoutes(app: FastifyInstance, db: Db): Promise<void> {
  checkOperations(Object.values(apiResources));
  registerIdempotencyJobs();
  const doc = openApiText();
  await app.register(async (api) => {
    api.setErrorHandler(async (err, req, reply) => {
      const lang = apiLang(req);
      const route = apiRoutes.find((r) => r.url === req.routeOptions.url && r.method === req.method);
      const p = toProblem(err, lang, route ? renamer(apiResources[route.api]) : undefined);
      if (p.kind === 'server-error') {
        req.log.error({ err: redactError(err as Error, req.body), url: req.url }, 'unexpected error');
        noteException(req, err as Error);
      }
      return sendProblem(req, reply, p, lang);
    });
    api.setNotFoundHandler((req, reply) => sendProblem(req, reply, new ApiProblem('not-found', `${req.method} ${req.url.split('?')[0]}: no such call (see ${API_PREFIX}/openapi.json)`), apiLang(req)));
    for (const route of apiRoutes) {
      api.route({ method: route.method, url: route.url.slice(API_PREFIX.length), handler: serve(db, route, apiResources[route.api]) });
    }
    api.get('/openapi.json', (_req, reply) => reply.type('application/json; charset=utf-8').header('Cache-Control', 'no-cache').send(doc));
    api.get('/docs', (_req, reply) => reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(DOCS_HTML));
    api.get('/docs/init.js', (_req, reply) => reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(DOCS_INIT));
    const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
    await api.register(fastifyStatic, { root: swaggerDir, prefix: DOCS_ASSETS.slice(API_PREFIX.length), decorateReply: false, allowedPath: (path) => /^\/?swagger-ui(-bundle\.js|\.css)$/.test(path) });
  }, { prefix: API_PREFIX });
}
