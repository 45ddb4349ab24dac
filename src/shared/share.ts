/**
 * The answer of the public inventory-share call (`POST /sapi/wms/inventory-share/view`, issue 16; docs/share.md),
 * read by the server that builds it and the public page that shows it: the share's title, the owner's and
 * warehouse's names, its expiry (ISO time or null), the columns it shares (ShareColumn keys) and one page of
 * rows holding only those columns.
 */
import type { Page } from './envelope';

export interface ShareView {
  title: string;
  ownerName: string;
  warehouseName: string | null;
  expireDate: string | null;
  columns: string[];
  page: Page<Record<string, unknown>>;
}
