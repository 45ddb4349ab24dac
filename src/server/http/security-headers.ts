/**
 * Security headers on every answer: the console, its static files, /static templates and every /sapi call
 * (issue 12 "Headers"), through @fastify/helmet. The Content-Security-Policy is the one the built console
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
import helmet from '@fastify/helmet';
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

/** Registers helmet on `app` (all routes, including 404s and static files). */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only has effect over https; not for subdomains, which may be other services
    strictTransportSecurity: { maxAge: 180 * 24 * 3600, includeSubDomains: false },
  });
}
