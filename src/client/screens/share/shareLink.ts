/**
 * The public address of a share's link (issue 16): `<console origin>/inventoryShare?token=<token>` (spec 2.1).
 * The token is what the server answered to add or regenerate; it is never read back.
 */
export const SHARE_PAGE_PATH = '/inventoryShare';

export const shareUrl = (token: string, origin: string = window.location.origin): string => `${origin}${SHARE_PAGE_PATH}?token=${encodeURIComponent(token)}`;

/** The share calls beyond CRUD (docs/share.md). */
export const SHARE_CALLS = {
  regenerate: '/sapi/wms/inventory-share/regenerate',
  revoke: '/sapi/wms/inventory-share/revoke',
  view: '/sapi/wms/inventory-share/view',
} as const;
