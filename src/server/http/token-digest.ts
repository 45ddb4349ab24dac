/**
 * How bearer tokens are kept at rest (issue 16 share links, issue 26 sessions): only their SHA-256 digest in
 * hex (64 characters), so a read of the table yields nothing that opens anything.
 */
import { createHash } from 'node:crypto';

/** The stored form of `token`: SHA-256 of its UTF-8 bytes, lower-case hex. */
export const tokenDigest = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');
