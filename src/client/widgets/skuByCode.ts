/**
 * The scan inputs' code -> SKU lookup (issue 27 item 8): a code that is a line's own SKU code is matched on the
 * lines; any other (supplier SKU, platform SKU, its barcode, a SKU not on the lines) is asked of
 * POST /sapi/wms/sku/findByCode {code, ownerId} (src/server/domain/sku.ts), without the loading mask. Answers are
 * kept per owner and code for the life of the hook, so a carton of the same item costs one round trip.
 */
import { useRef } from 'react';
import { useDataProvider } from 'react-admin';
import type { WmsDataProvider } from '../providers/dataProvider';
import { sameCode } from './lineScan';

export const FIND_BY_CODE_PATH = '/sapi/wms/sku/findByCode';

/** A SKU a code names. */
export interface SkuHit {
  id: number;
  sku: string;
  name?: string | null;
}

/** A line the lookup can match by its own SKU code. */
export interface CodedLine {
  skuId: number;
  sku?: string | null;
  skuName?: string | null;
}

/** `(code, ownerId, lines) => hits`: the lines' own SKU first, else the server's answer (rejects with its msg). */
export type SkuLookup = (code: string, ownerId: number, lines: readonly CodedLine[]) => Promise<SkuHit[]>;

export function useSkuLookup(): SkuLookup {
  const dataProvider = useDataProvider<WmsDataProvider>();
  const cache = useRef(new Map<string, SkuHit[]>());
  return async (code, ownerId, lines) => {
    const local = lines.filter((l) => sameCode(l.sku, code));
    if (local.length) return [...new Map(local.map((l) => [l.skuId, { id: l.skuId, sku: String(l.sku), name: l.skuName }])).values()];
    const key = `${ownerId}\n${code.trim().toLowerCase()}`;
    const known = cache.current.get(key);
    if (known) return known;
    const hits = await dataProvider.call<SkuHit[]>(FIND_BY_CODE_PATH, { code: code.trim(), ownerId }, { skipLoading: true });
    const list = Array.isArray(hits) ? hits : [];
    cache.current.set(key, list);
    return list;
  };
}
