/**
 * What the package dialog, the order lists and the shipping screen need to know about each kind of package
 * (server rules in src/server/domain/packages.ts): resources, API paths, the write code, the dialog's header
 * fields and the open order states, all read from the manifest metadata (generated/shared/resources/<kind>Package.ts), plus
 * the record shapes the API returns. The pack lists themselves are the manifest's `screen:` (resources.yaml).
 *
 * Units: weight in kg (up to 3 decimals), length / width / height in cm (up to 1 decimal).
 */
import { PACKAGE_OPEN_STATES } from '../../../shared/documents';
import { inboundPackageMeta } from '../../../../generated/shared/resources/inboundPackage';
import { outboundPackageMeta } from '../../../../generated/shared/resources/outboundPackage';
import { schemas } from '../../../../generated/shared/schemas';
import { apiPaths } from '../../../../generated/client/api';
import type { ResourceSpec } from '../../../shared/resource-meta';
import type { Lang, FormMode, Source } from '../../../shared/validation';
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
  /** /sapi/wms/<kind>-package */
  path: string;
  /** /sapi/wms/<kind>-order */
  orderPath: string;
  /** Code of add / edit / remove. */
  writeCode: string;
  /** The header fields PackageDialog edits (manifest `<kind>Package.screen.form.fields`). */
  formFields: string[];
  /** Outbound packages have a carrier (a header field). */
  hasCarrier: boolean;
  /** Order states in which packages may change (the manifest's `screen.editable`; server: packages.ts). */
  openStates: readonly number[];
  /** The manifest's add/edit rules of a package (messages name the field). */
  formSchema: (mode: FormMode, lang: Lang, source?: Source) => yup.ObjectSchema<Record<string, unknown>>;
}

/** The manifest metadata of the two package resources (each its own generated module). */
export const PACKAGE_META: Record<'inboundPackage' | 'outboundPackage', ResourceSpec> = { inboundPackage: inboundPackageMeta, outboundPackage: outboundPackageMeta };

function specOf(kind: PackageKind): PackageKindSpec {
  const resource = kind === 'inbound' ? 'inboundPackage' : 'outboundPackage';
  const meta = PACKAGE_META[resource];
  const formFields = (meta.screen?.form?.fields ?? []).map((i) => i.field);
  return {
    kind,
    resource,
    path: apiPaths[resource],
    orderPath: apiPaths[kind === 'inbound' ? 'inboundOrder' : 'outboundOrder'],
    writeCode: meta.permissions.add!,
    formFields,
    hasCarrier: formFields.includes('carrier'),
    openStates: PACKAGE_OPEN_STATES[kind],
    formSchema: schemas[resource].form as PackageKindSpec['formSchema'],
  };
}

export const PACKAGE_KINDS: Record<PackageKind, PackageKindSpec> = { inbound: specOf('inbound'), outbound: specOf('outbound') };

/** The kind of a package resource (inboundPackage -> inbound). */
export const packageKindOf = (resource: string): PackageKind => (resource === PACKAGE_KINDS.inbound.resource ? 'inbound' : 'outbound');

/** An order has at most 500 lines, so one page of this size holds all packages worth counting. */
export const ORDER_PACKAGES_PAGE = 500;

/** Whether packages of an order in `status` may change (unknown status: assume yes, the server decides). */
export const packagesOpen = (spec: PackageKindSpec, status: unknown): boolean =>
  status === undefined || status === null || spec.openStates.includes(Number(status));
