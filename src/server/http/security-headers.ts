/**
 * Security headers on every answer: the console, its static files, /static templates and every /sapi call
 * (issue 12 "Headers"), as helmet writes them (computed once, set by an onRequest hook). The Content-Security-Policy is the one the built console
 * runs under (tests/e2e/csp.test.ts opens its screens in Chromium and expects no violation):
 * - scripts only from the console's own origin (vite builds no inline script);
 * - styles from itself plus inline ones: MUI's emotion inserts <style> elements at run time and React renders
 *   `style` attributes, and neither carries a nonce here;
 * - images from itself (uploaded files, thumbnails), `data:` (the captcha SVG) and `blob:` (local previews);
 * - fonts self-hosted (@fontsource, bundled by vite; small ones may be inlined as `data:`);
 * - calls (fetch) to itself and to the local print plugin on the loopback address (PRINT_PLUGIN_SOURCES);
 * - no plugins, no <base> elsewhere, forms post only here, and no site may frame the console.
 * No `upgrade-insecure-requests`: a warehouse may serve the console over plain http on its own network.
 */
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Where the console may call the local print plugin (issue 16): loopback only, on the port the workstation
 * chose; nothing else outside the console is reachable from a script.
 */
export const PRINT_PLUGIN_SOURCES = ['http://127.0.0.1:*', 'http://localhost:*'];

/** The policy's directives (helmet's defaults are not used, so this is the whole policy). */
export const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  // the local print plugin on this workstation's loopback address, any port (its address is a browser setting)
  'connect-src': ["'self'", ...PRINT_PLUGIN_SOURCES],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** helmet's options: the policy above, no framing, referrer kept within the origin, HSTS without subdomains. */
const HELMET_OPTIONS: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // HSTS only has effect over https; not for subdomains, which may be other services
  strictTransportSecurity: { maxAge: 180 * 24 * 3600, includeSubDomains: false },
};

/**
 * The headers helmet sets with {@link HELMET_OPTIONS}, worked out once: its middleware run against a recorder.
 * Every value is static here (no nonce, no directive computed per request), so each answer gets the same list;
 * a header helmet removes (X-Powered-By) is listed with `undefined`. @fastify/helmet instead builds helmet's
 * middleware again on every request (parsing the policy each time: ~3% of a page call's CPU, issue 13).
 */
export function securityHeaders(): Array<[string, string | string[] | undefined]> {
  const out: Array<[string, string | string[] | undefined]> = [];
  const recorder = {
    setHeader(name: string, value: string | string[]) { out.push([name, value]); },
    removeHeader(name: string) { out.push([name, undefined]); },
  };
  let called = false;
  helmet(HELMET_OPTIONS)({} as never, recorder as never, (err?: unknown) => {
    if (err) throw err;
    called = true;
  });
  if (!called) throw new Error('helmet did not finish synchronously: its headers cannot be precomputed');
  return out;
}

/** Sets the security headers on every answer of `app` (all routes, including 404s and static files). */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = securityHeaders();
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) {
      if (value === undefined) reply.raw.removeHeader(name);
      else reply.raw.setHeader(name, value);
    }
    done();
  });
}
