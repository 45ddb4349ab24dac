/**
 * Share links (issue 16): a token is 32 bytes (256 bits) from the operating system's CSPRNG
 * (`crypto.randomBytes`), written as base64url (43 characters). The database keeps only its SHA-256 digest
 * (hex) in `wms_inventory_share_token`, so a copy of the database opens no link; the token itself is
 * returned once (the add answer, `regenerate`) and never again. One share has at most one live token:
 * regenerating replaces the digest and revoking deletes it, so the old link stops at once.
 */
import { randomBytes } from 'node:crypto';
import { tokenDigest } from '../../http/token-digest';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { wmsInventoryShareToken } from '../../db/internal-schema';

/** Bytes of randomness in a token (>= 16 as the issue asks; 32 to leave a wide margin). */
export const TOKEN_BYTES = 32;

/** The stored form of a token: its SHA-256 digest in hex (64 characters; http/token-digest.ts). */
export const hashToken = tokenDigest;

/** A fresh token (base64url text). */
export const newToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url');

/**
 * Gives share `shareId` a new token (replacing any old one, inside the caller's transaction when `db` is
 * one) and returns it: the only moment the token exists outside the caller's hands.
 */
export async function issueToken(db: Db, shareId: number): Promise<string> {
  const token = newToken();
  const tokenHash = hashToken(token);
  await db.insert(wmsInventoryShareToken).values({ shareId, tokenHash })
    .onConflictDoUpdate({ target: wmsInventoryShareToken.shareId, set: { tokenHash, createdAt: new Date() } });
  return token;
}

/** Deletes the token of share `shareId` (revoke, remove); returns whether there was one. */
export async function dropToken(db: Db, shareId: number): Promise<boolean> {
  const gone = await db.delete(wmsInventoryShareToken).where(eq(wmsInventoryShareToken.shareId, shareId)).returning({ shareId: wmsInventoryShareToken.shareId });
  return gone.length > 0;
}
