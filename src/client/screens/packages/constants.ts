/**
 * What the package screens need to know about each kind of package (spec 2.3 /inbound/pack/list and
 * /outbound/pack/list; server rules in src/server/domain/packages.ts): resources, API paths, permission
 * codes and limits, all read from the manifest metadata (generated/shared/resources.ts), plus the record
 * shapes the API returns.
 *
 * Units: weight in kg (up to 3 decimals), length / width / height in cm (up to 1 decimal).
 */
import { PACKAGE_OPEN_STATES } from '../../../shared/documents';
import { resourceMeta } from '../../../../generated/shared/resources';
import { schemas } from '../../../../generated/shared/schemas';
import { apiPaths } from '../../../../generated/client/api';
import { codeAlternatives, maxLengthOf, readCodes, type ResourceSpec } from '../../../shared/resource-meta';
import type { Lang, FormMode } from '../../../shared/validation';
import type * as yup from 'yup';

export type PackageKind = 'inbound' | 'outbound';

/** One content line of a package as the API returns it. */
export interface PackageLine {
  id?: number;
  skuId: number;
  sku?: string | null;
  skuName?: string | null;
  batchNo?: string | null;
  qty: number;
}

/** A package record (page / detail / add / edit answer). */
export interface PackageRecord {
  id: number;
  packageNo?: string | null;
  orderId: number;
  orderNo?: string | null;
  companyName?: string | null;
  warehouseName?: string | null;
  ownerName?: string | null;
  waybillNo?: string | null;
  /** Outbound packages only. */
  carrier?: string | null;
  /** kg */
  weight?: number | null;
  /** cm */
  length?: number | null;
  width?: number | null;
  height?: number | null;
  remark?: string | null;
  addDate?: string | null;
  lines?: PackageLine[];
  /** Total of the lines' qty. */
  qty?: number;
}

/**
 * An order line as the order's detail returns it: inbound lines carry `plannedQty`, outbound lines `qty`
 * (and `allocatedQty`).
 */
export interface PackageOrderLine {
  id?: number;
  skuId: number;
  sku?: string | null;
  skuName?: string | null;
  batchNo?: string | null;
  qty?: number;
  plannedQty?: number;
  allocatedQty?: number;
}

/** The order a package belongs to; without `lines` the package dialog loads them. */
export interface PackageOrder {
  id: number;
  orderNo?: string | null;
  status?: number;
  lines?: PackageOrderLine[];
}

/** The ordered quantity of an order line (inbound: planned, outbound: qty). */
export const orderedQty = (line: PackageOrderLine): number => Number(line.plannedQty ?? line.qty ?? 0);

/** Everything that differs between inbound and outbound packages. */
export interface PackageKindSpec {
  kind: PackageKind;
  resource: 'inboundPackage' | 'outboundPackage';
  orderResource: 'inboundOrder' | 'outboundOrder';
  /** /sapi/wms/<kind>-package */
  path: string;
  /** /sapi/wms/<kind>-order */
  orderPath: string;
  /** Code of the pack list (menu). */
  listCode: string;
  /** Code of add / edit / remove. */
  writeCode: string;
  /** Codes that may read orders (order-number filter, the dialog's order lines). */
  orderReadCodes: string[];
  /** Outbound packages have a carrier. */
  hasCarrier: boolean;
  /** Order states in which packages may change (server: packages.ts openStates). */
  openStates: number[];
  /** The manifest's add/edit rules of a package (messages name the field). */
  formSchema: (mode: FormMode, lang: Lang) => yup.ObjectSchema<Record<string, unknown>>;
  limits: { packageNo: number; orderNo: number; waybillNo: number; carrier: number; remark: number };
}

function specOf(kind: PackageKind): PackageKindSpec {
  const resource = kind === 'inbound' ? 'inboundPackage' : 'outboundPackage';
  const orderResource = kind === 'inbound' ? 'inboundOrder' : 'outboundOrder';
  const meta = resourceMeta[resource] as ResourceSpec;
  const orderMeta = resourceMeta[orderResource] as ResourceSpec;
  return {
    kind,
    resource,
    orderResource,
    path: apiPaths[resource],
    orderPath: apiPaths[orderResource],
    listCode: meta.permissions.list!,
    writeCode: meta.permissions.add!,
    orderReadCodes: readCodes(orderMeta).flatMap(codeAlternatives),
    hasCarrier: kind === 'outbound',
    openStates: [...PACKAGE_OPEN_STATES[kind]],
    formSchema: schemas[resource].form as PackageKindSpec['formSchema'],
    limits: {
      packageNo: maxLengthOf(meta, 'packageNo'),
      orderNo: maxLengthOf(orderMeta, 'orderNo'),
      waybillNo: maxLengthOf(meta, 'waybillNo'),
      carrier: maxLengthOf(resourceMeta.outboundPackage as ResourceSpec, 'carrier'),
      remark: maxLengthOf(meta, 'remark'),
    },
  };
}

export const PACKAGE_KINDS: Record<PackageKind, PackageKindSpec> = { inbound: specOf('inbound'), outbound: specOf('outbound') };

export const PACKAGE_PAGE_SIZE = 10;

/** An order has at most 500 lines, so one page of this size holds all packages worth counting. */
export const ORDER_PACKAGES_PAGE = 500;

/** Whether packages of an order in `status` may change (unknown status: assume yes, the server decides). */
export const packagesOpen = (spec: PackageKindSpec, status: unknown): boolean =>
  status === undefined || status === null || spec.openStates.includes(Number(status));
