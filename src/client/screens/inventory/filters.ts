/**
 * Filters of the inventory screens (spec 2.6, 2.7, 2.9, 3 "Inventory list query" and "Inventory log page
 * query"): filter-bar values -> the list filter sent to the page calls, and back.
 *
 * Inventory list: `sku` (text, trimmed), `ownerId`, `warehouseId`, `batchNo` (trimmed), `containInventory`
 * (true in stock / false out of stock / left out for any), `ecPlatform`, `categoryIds` (number[], left out
 * when empty). Preset values (skuId, companyId, ownerId, warehouseId, containInventory, ecPlatform) are a
 * permanent filter and never come from the form.
 *
 * Log lists: `bizNo` (exact, trimmed), `bizType`, `addDateStart` / `addDateEnd` (YYYY-MM-DD).
 */
import type { Identifier } from 'react-admin';
import { sameFilter, toDay } from '../sku/filters';

export { sameFilter, toDay };

export interface InventoryPreset {
  skuId?: Identifier;
  companyId?: Identifier;
  ownerId?: Identifier;
  warehouseId?: Identifier;
  containInventory?: boolean;
  ecPlatform?: number;
}

/** A preset as callers may hand it (form values may be null). */
export type InventoryPresetInput = { [K in keyof InventoryPreset]?: InventoryPreset[K] | null };

export const PRESET_KEYS = ['skuId', 'companyId', 'ownerId', 'warehouseId', 'containInventory', 'ecPlatform'] as const;

export interface InventoryFilterValues {
  sku?: string | null;
  ownerId?: Identifier | null;
  warehouseId?: Identifier | null;
  batchNo?: string | null;
  containInventory?: boolean | string | null;
  ecPlatform?: number | string | null;
  categoryIds?: Array<Identifier> | null;
}

export interface LogFilterValues {
  bizNo?: string | null;
  bizType?: number | string | null;
  addDateStart?: string | Date | null;
  addDateEnd?: string | Date | null;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

export function toId(value: unknown): number | undefined {
  if (isEmpty(value)) return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

export function toBool(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

const trimmed = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Only the preset keys that hold a value, ids as numbers. */
export function normalisePreset(preset: InventoryPresetInput | undefined): InventoryPreset {
  const out: InventoryPreset = {};
  if (!preset) return out;
  for (const key of ['skuId', 'companyId', 'ownerId', 'warehouseId', 'ecPlatform'] as const) {
    const id = toId(preset[key]);
    if (id !== undefined) out[key] = id;
  }
  const contain = toBool(preset.containInventory);
  if (contain !== undefined) out.containInventory = contain;
  return out;
}

/** The permanent filter of a preset. */
export function presetFilter(preset: InventoryPreset): Record<string, unknown> {
  return { ...normalisePreset(preset) };
}

/** Filter-bar values -> the inventory list filter (see module doc). */
export function buildInventoryFilter(values: InventoryFilterValues, preset: InventoryPreset = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const sku = trimmed(values.sku);
  if (sku) out.sku = sku;
  const ownerId = toId(values.ownerId);
  if (ownerId !== undefined && preset.ownerId === undefined) out.ownerId = ownerId;
  const warehouseId = toId(values.warehouseId);
  if (warehouseId !== undefined && preset.warehouseId === undefined) out.warehouseId = warehouseId;
  const batchNo = trimmed(values.batchNo);
  if (batchNo) out.batchNo = batchNo;
  const contain = toBool(values.containInventory);
  if (contain !== undefined && preset.containInventory === undefined) out.containInventory = contain;
  const ecPlatform = toId(values.ecPlatform);
  if (ecPlatform !== undefined && preset.ecPlatform === undefined) out.ecPlatform = ecPlatform;
  const categoryIds = Array.isArray(values.categoryIds)
    ? [...new Set(values.categoryIds.map(toId).filter((v): v is number => v !== undefined))]
    : [];
  if (categoryIds.length) out.categoryIds = categoryIds;
  return out;
}

/** The filter bar's values for the current filter and preset (preset values shown, locked). */
export function inventoryFormValues(filter: Record<string, unknown>, preset: InventoryPreset = {}): InventoryFilterValues {
  return {
    sku: typeof filter.sku === 'string' ? filter.sku : '',
    ownerId: preset.ownerId ?? toId(filter.ownerId) ?? null,
    warehouseId: preset.warehouseId ?? toId(filter.warehouseId) ?? null,
    batchNo: typeof filter.batchNo === 'string' ? filter.batchNo : '',
    containInventory: preset.containInventory ?? toBool(filter.containInventory) ?? null,
    ecPlatform: preset.ecPlatform ?? toId(filter.ecPlatform) ?? null,
    categoryIds: Array.isArray(filter.categoryIds) ? (filter.categoryIds as Identifier[]) : [],
  };
}

/** Filter-bar values -> the inventory log filter. */
export function buildLogFilter(values: LogFilterValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const bizNo = trimmed(values.bizNo);
  if (bizNo) out.bizNo = bizNo;
  const bizType = toId(values.bizType);
  if (bizType !== undefined) out.bizType = bizType;
  const start = toDay(values.addDateStart);
  if (start) out.addDateStart = start;
  const end = toDay(values.addDateEnd);
  if (end) out.addDateEnd = end;
  return out;
}

export function logFormValues(filter: Record<string, unknown>): LogFilterValues {
  return {
    bizNo: typeof filter.bizNo === 'string' ? filter.bizNo : '',
    bizType: toId(filter.bizType) ?? null,
    addDateStart: typeof filter.addDateStart === 'string' ? filter.addDateStart : null,
    addDateEnd: typeof filter.addDateEnd === 'string' ? filter.addDateEnd : null,
  };
}

/**
 * The export body: the list's whole current query without paging (permanent + form filter, and the sort
 * when there is one).
 */
export function exportFilter(
  filterValues: Record<string, unknown>,
  permanent: Record<string, unknown>,
  sort?: { field?: string; order?: string },
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...filterValues, ...permanent };
  if (sort?.field) {
    out.sortProp = sort.field;
    out.sortOrder = String(sort.order ?? 'ASC').toLowerCase() === 'desc' ? 'desc' : 'asc';
  }
  return out;
}
