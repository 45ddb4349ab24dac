/**
 * The package calls (POST, envelope {code, msg, data}) through the data provider's `call`, so the screens
 * can be tested with a stub provider; a failure rejects with the server msg (spec 8).
 *
 * - `add` / `edit`: {@link PackageBody} (weight kg, dimensions cm; `lines` only with qty > 0);
 * - `ofOrder(orderId)`: every package of one order (page by page);
 * - `order(id)`: the order's detail with its lines.
 */
import type { DataProvider, Identifier } from 'react-admin';
import type { WmsDataProvider } from '../../providers/dataProvider';
import { ORDER_PACKAGES_PAGE, type PackageKindSpec, type PackageOrder, type PackageRecord } from './constants';

/** POST `path` through the data provider's `call` (providers/createDataProvider.ts). */
const post = <T>(dp: DataProvider, path: string, body: unknown): Promise<T> => (dp as WmsDataProvider).call<T>(path, body);

/** The body of /add (with orderId) and /edit (with id). Empty texts are null; packageNo empty is left out. */
export interface PackageBody {
  id?: Identifier;
  orderId?: Identifier;
  packageNo?: string;
  waybillNo: string | null;
  carrier?: string | null;
  weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  remark: string | null;
  lines: Array<{ skuId: number; batchNo: string; qty: number }>;
}

interface Page<T> {
  records: T[];
  total: number;
}

export const packageApi = {
  add: (dp: DataProvider, spec: PackageKindSpec, body: PackageBody) => post<PackageRecord>(dp, `${spec.path}/add`, body),
  edit: (dp: DataProvider, spec: PackageKindSpec, body: PackageBody) => post<PackageRecord>(dp, `${spec.path}/edit`, body),
  async ofOrder(dp: DataProvider, spec: PackageKindSpec, orderId: Identifier): Promise<PackageRecord[]> {
    const out: PackageRecord[] = [];
    for (let current = 1; ; current++) {
      const page = await post<Page<PackageRecord>>(dp, `${spec.path}/page`, { orderId, current, size: ORDER_PACKAGES_PAGE });
      out.push(...(page?.records ?? []));
      if (!page?.records?.length || out.length >= Number(page.total ?? 0)) return out;
    }
  },
  order: (dp: DataProvider, spec: PackageKindSpec, id: Identifier) => post<PackageOrder>(dp, `${spec.orderPath}/detail`, { id }),
};
