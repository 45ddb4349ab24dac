/**
 * The SKU list filter (spec 2.8 filters; spec 3 SKU list query; spec 5 "text filters trim whitespace",
 * multi-input lines trimmed and blanks dropped).
 *
 * The filter bar's form values become the list query's filter: text trimmed, several SKU codes joined by
 * commas, dates as YYYY-MM-DD (the server reads a date-only end as the whole day), empty values left out.
 * Preset values (select mode: ownerId, ecPlatform, enable) are a permanent filter and never come from the
 * form.
 */
export interface SkuFilterValues {
  sku?: string | null;
  name?: string | null;
  addDateStart?: string | Date | null;
  addDateEnd?: string | Date | null;
  ownerId?: number | string | null;
  categoryId?: number | string | null;
  ecPlatform?: number | string | null;
  enable?: boolean | string | null;
}

export interface SkuPreset {
  ownerId?: number;
  ecPlatform?: number;
  enable?: boolean;
}

export type PresetKey = keyof SkuPreset;

/** Several codes (commas or new lines) -> trimmed, non-blank, unique, joined by commas. */
export function normaliseCodes(value: unknown): string {
  if (value === null || value === undefined) return '';
  const parts = String(value)
    .split(/[,\r\n]+/)
    .map((v) => v.trim())
    .filter((v) => v !== '');
  return [...new Set(parts)].join(',');
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date filter value as YYYY-MM-DD ('' when empty or unreadable). */
export function toDay(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? '' : `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  }
  const text = String(value).trim();
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(text);
  return m ? `${m[1]}-${pad(Number(m[2]))}-${pad(Number(m[3]))}` : '';
}

function toId(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

function toBool(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

/** Form values -> list filter (see module doc). */
export function buildSkuFilter(values: SkuFilterValues, preset: SkuPreset = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const sku = normaliseCodes(values.sku);
  if (sku) out.sku = sku;
  const name = typeof values.name === 'string' ? values.name.trim() : '';
  if (name) out.name = name;
  const start = toDay(values.addDateStart);
  if (start) out.addDateStart = start;
  const end = toDay(values.addDateEnd);
  if (end) out.addDateEnd = end;
  const ownerId = toId(values.ownerId);
  if (ownerId !== undefined && preset.ownerId === undefined) out.ownerId = ownerId;
  const categoryId = toId(values.categoryId);
  if (categoryId !== undefined) out.categoryId = categoryId;
  const ecPlatform = toId(values.ecPlatform);
  if (ecPlatform !== undefined && preset.ecPlatform === undefined) out.ecPlatform = ecPlatform;
  const enable = toBool(values.enable);
  if (enable !== undefined && preset.enable === undefined) out.enable = enable;
  return out;
}

/** The permanent filter of a preset (only the keys that are set). */
export function presetFilter(preset: SkuPreset): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (preset.ownerId !== undefined && preset.ownerId !== null) out.ownerId = preset.ownerId;
  if (preset.ecPlatform !== undefined && preset.ecPlatform !== null) out.ecPlatform = preset.ecPlatform;
  if (preset.enable !== undefined && preset.enable !== null) out.enable = preset.enable;
  return out;
}

/** The filter bar's values for the current filter and preset (preset values shown, locked). */
export function formValuesOf(filter: Record<string, unknown>, preset: SkuPreset = {}): SkuFilterValues {
  return {
    sku: typeof filter.sku === 'string' ? filter.sku : '',
    name: typeof filter.name === 'string' ? filter.name : '',
    addDateStart: typeof filter.addDateStart === 'string' ? filter.addDateStart : null,
    addDateEnd: typeof filter.addDateEnd === 'string' ? filter.addDateEnd : null,
    ownerId: preset.ownerId ?? toId(filter.ownerId) ?? null,
    categoryId: toId(filter.categoryId) ?? null,
    ecPlatform: preset.ecPlatform ?? toId(filter.ecPlatform) ?? null,
    enable: preset.enable ?? toBool(filter.enable) ?? null,
  };
}

/** Same filter (order of keys ignored). */
export function sameFilter(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const ka = Object.keys(a).filter((k) => a[k] !== undefined);
  const kb = Object.keys(b).filter((k) => b[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
}
