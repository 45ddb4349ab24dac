/**
 * Location import (issue 29 step 2; docs/locations.md "Import"): `POST /sapi/wms/location/excel/import
 * { filePath, fileUrl }` (permission `location:import`, the manifest's `location.permissions.import`), template
 * `/static/templates/location-import.xlsx`, polled with `POST /sapi/sys/importJob/query` like the SKU imports.
 *
 * Columns (header in English or Chinese, any order; titles and limits are the manifest's location and zone fields):
 * Warehouse* (code or name, among the caller's warehouses), Zone code*, Zone name, Location code*, Location type
 * (key RECEIVING / STORAGE / PICK_FACE / SHIPPING / QUARANTINE or its English or Chinese name; empty = STORAGE),
 * Pick sequence (whole number 0..99,999,999; empty = 0), Capacity (units) (whole number 1..99,999,999; empty = no
 * limit), Remark. Several warehouses may share a file.
 *
 * Rules (every broken one is an error on its row and column, in the caller's language):
 * - a warehouse outside the caller's data scope reads as one that does not exist (the scope is not revealed);
 * - a location code may appear once per warehouse in the file ("repeated: already on row N") and must not exist
 *   in that warehouse yet; `RECEIVING` is the warehouse's own receiving location (the ledger's default, made by
 *   the system): a row may name it only with type RECEIVING;
 * - a zone code the warehouse does not have yet is CREATED with the import (name: the Zone name column, else the
 *   code; status enabled), so a new warehouse's layout goes in with one file. It takes the first name its rows
 *   give; another name on a later row is an error. The Zone name of an existing zone is ignored (its name is edited on the zone). The job's
 *   message says which zones were made. The import permission covers those zones (no `location:add` needed).
 * - whole file or nothing, as the SKU imports (jobs.ts): any error and nothing is written; else zones and locations
 *   go in one transaction, in batches of IMPORT_BATCH rows (bulk-insert.ts).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import * as yup from 'yup';
import { location, warehouse, warehouseZone } from '../../../../generated/db/schema';
import { generatedMessages } from '../../../../generated/client/i18n';
import { bindings } from '../../../../generated/server/routes';
import { enumValues, ImportStatus, LocationType } from '../../../../generated/shared/enums';
import type { FieldSpec } from '../../../shared/resource-meta';
import type { Lang } from '../../../shared/validation';
import { meta } from '../../crud/handlers';
import type { Db } from '../../db/connect';
import { rawQuery } from '../../db/raw';
import { sysImportJob } from '../../db/internal-schema';
import type { BodyRule } from '../../http/body';
import type { RequestContext, UserContext } from '../../http/context';
import { fillText } from '../../http/errors';
import { sapiRoute } from '../../http/sapi';
import { RECEIVING_CODE } from '../inventory/locations';
import { insertRows } from './bulk-insert';
import { runImport, scheduleImport, uploadedWorkbook, uploadFields, type ImportDefinition, type ImportDeps, type ImportRun, type JobSummary } from './jobs';
import { idsByName, sheetEnum } from './order-import';
import type { ImportColumn, RowCheck } from './sheet';
import { registerTemplateRoutes } from './templates';

/** A location import runs for its caller: their warehouse scope. */
export interface LocationImportRun extends ImportRun { user: UserContext }

/**
 * A zone a row names: an existing one (id known, row 0), or one the import makes (first row `row`; id set once it
 * is inserted; `named`: its name came from a Zone name cell, else it is the code until a row names it).
 */
interface ZoneRef { warehouseId: number; code: string; name: string; id?: number; row: number; named?: boolean; namedOn?: number }
/** One insert-ready row. */
export interface LocationRow {
  zone: ZoneRef;
  warehouseId: number;
  code: string;
  type: number;
  pickSequence: number;
  capacityQty: number | null;
  remark: string | null;
}

const fieldOf = (resource: 'location' | 'warehouseZone', name: string): FieldSpec => meta(bindings[resource]).fields.find((f) => f.name === name)!;
/** A column titled like the manifest field it fills. */
const column = (key: string, field: FieldSpec, more: Partial<ImportColumn> = {}): ImportColumn => ({ key, en: field.en, zh: field.zh, ...more });

const F = {
  code: fieldOf('location', 'code'),
  type: fieldOf('location', 'type'),
  pickSequence: fieldOf('location', 'pickSequence'),
  capacityQty: fieldOf('location', 'capacityQty'),
  remark: fieldOf('location', 'remark'),
  zoneCode: fieldOf('warehouseZone', 'code'),
  zoneName: fieldOf('warehouseZone', 'name'),
};

export const locationColumns: ImportColumn[] = [
  column('warehouse', fieldOf('location', 'warehouseId'), { aliases: ['Warehouse code', 'Warehouse name', '仓库编码', '仓库名称'], required: true }),
  column('zoneCode', F.zoneCode, { aliases: ['Zone', '库区'], required: true }),
  column('zoneName', F.zoneName),
  column('code', F.code, { aliases: ['Location', 'Bin', 'Bin code', '库位', '储位', '货位'], required: true }),
  column('type', F.type, { aliases: ['Type', '类型'] }),
  column('pickSequence', F.pickSequence, { aliases: ['Pick order', 'Sequence', '拣货序号', '顺序'] }),
  column('capacityQty', F.capacityQty, { aliases: ['Capacity', '容量'] }),
  column('remark', F.remark, { aliases: ['Remarks', 'Note', '说明'] }),
];

/** Location types by key with their English and Chinese names (a cell may give any of them). */
const TYPES = enumValues.LocationType.map((e) => ({
  ...e,
  labels: [generatedMessages.en.enums.LocationType, generatedMessages.zh.enums.LocationType].map((m) => (m as Record<string, string>)[e.key]).filter(Boolean),
}));

const L = (en: string, zh: string) => ({ en, zh });
const texts = {
  exists: L('{label} "{value}" already exists in this warehouse', '该仓库已存在{label}“{value}”'),
  receiving: L(`{label} "${RECEIVING_CODE}" is the warehouse's receiving location: its type must be Receiving`, `{label}“${RECEIVING_CODE}”为仓库的收货库位，库位类型必须为收货区`),
  zoneNames: L('{label} "{value}" differs from "{first}" on row {row} for the same new zone', '{label}“{value}”与同一新库区第{row}行的“{first}”不一致'),
  done: L('Imported {n} {locations}', '已导入{n}个库位'),
  zonesMade: L('zones created: {zones}', '新建库区：{zones}'),
};
const say = (lang: Lang, t: { en: string; zh: string }, args: Record<string, string | number> = {}) => fillText(t[lang], args);

const NOTES = [
  'One row per location; a file may hold several warehouses. / 每行一个库位；一个文件可包含多个仓库。',
  'Warehouse: its code or name. / 仓库：填写编码或名称。',
  'A zone code the warehouse does not have yet is created, named by Zone name (else by its code); the Zone name of an existing zone is ignored. / 仓库中尚无的库区编码会自动创建，名称取“库区名称”（为空则取编码）；已有库区的“库区名称”不生效。',
  `Location type: ${TYPES.map((t) => t.key).join(', ')} or their English or Chinese names; empty = STORAGE. / 库位类型：可填上述键或中英文名称，为空则为存储位。`,
  `Pick sequence: a whole number ${F.pickSequence.min}-${F.pickSequence.max}, empty = 0. Capacity (units): ${F.capacityQty.min}-${F.capacityQty.max}, empty = no limit. / 拣货顺序：${F.pickSequence.min}-${F.pickSequence.max} 的整数，为空则为 0；容量(件)：${F.capacityQty.min}-${F.capacityQty.max}，为空则不限。`,
  `Codes: letters, digits, - and _ (at most ${F.code.maxLength} characters); a location code once per warehouse. ${RECEIVING_CODE} is the warehouse's receiving location. / 编码只能包含字母、数字、- 和 _（最多 ${F.code.maxLength} 个字符）；同一仓库内库位编码不可重复。${RECEIVING_CODE} 为仓库的收货库位。`,
  'A file with an error is not imported at all. / 文件有任何错误时不导入任何数据。',
];

export const locationImport: ImportDefinition<LocationRow, LocationImportRun> = {
  kind: 'location',
  apiPath: `${bindings.location.meta.path}/excel/import`,
  templateFile: 'location-import.xlsx',
  sheetName: 'Locations',
  columns: locationColumns,
  // templates are public: no warehouse of this installation in them
  async example() {
    return { warehouse: 'WH01', zoneCode: 'A', zoneName: 'Zone A', code: 'A-01-02-03', type: 'STORAGE', pickSequence: 10203, capacityQty: 200, remark: '' };
  },
  async valuesSheet() {
    return {
      name: 'Notes',
      header: ['Notes / 说明', 'Location type / 库位类型', 'English', '中文'],
      rows: NOTES.map((n, i) => [n, TYPES[i]?.key ?? '', TYPES[i]?.labels[0] ?? '', TYPES[i]?.labels[1] ?? '']),
    };
  },
  async prepare(db, run) {
    const warehouses = await idsByName(db, run.user, warehouse, 'warehouse');
    const visible = [...new Set(warehouses.values())];
    const zones = new Map<string, ZoneRef>(); // `${warehouseId}/${code}` -> zone (existing, then the file's new ones)
    const existing = new Set<string>(); // `${warehouseId}/${location code}`
    if (visible.length) {
      for (const z of await db.select({ id: warehouseZone.id, warehouseId: warehouseZone.warehouseId, code: warehouseZone.code, name: warehouseZone.name }).from(warehouseZone).where(inArray(warehouseZone.warehouseId, visible))) {
        zones.set(`${z.warehouseId}/${z.code}`, { ...z, row: 0 });
      }
      for (const l of await db.select({ warehouseId: location.warehouseId, code: location.code }).from(location).where(inArray(location.warehouseId, visible))) existing.add(`${l.warehouseId}/${l.code}`);
    }
    const seen = new Map<string, number>(); // `${warehouseId}/${location code}` -> first row
    return (c: RowCheck) => {
      const name = c.text('warehouse', { required: true, maxLength: 50 });
      const warehouseId = name ? (warehouses.get(name.toLowerCase()) ?? c.failText('warehouse', 'notFound', { value: name })) : undefined;
      const zoneCode = c.text('zoneCode', { required: true, maxLength: F.zoneCode.maxLength, pattern: F.zoneCode.pattern });
      const zoneName = c.text('zoneName', { maxLength: F.zoneName.maxLength });
      const code = c.text('code', { required: true, maxLength: F.code.maxLength, pattern: F.code.pattern });
      const type = c.isEmpty('type') ? LocationType.STORAGE : sheetEnum(c, 'type', TYPES);
      const pickSequence = c.number('pickSequence', { integer: true, min: F.pickSequence.min, max: F.pickSequence.max }) ?? 0;
      const capacityQty = c.number('capacityQty', { integer: true, min: F.capacityQty.min, max: F.capacityQty.max }) ?? null;
      const remark = c.text('remark', { maxLength: F.remark.maxLength }) ?? null;
      if (code === RECEIVING_CODE && type !== undefined && type !== LocationType.RECEIVING) c.fail('code', say(c.lang, texts.receiving, { label: c.title('code') }));
      if (warehouseId !== undefined && code) {
        const key = `${warehouseId}/${code}`;
        const first = seen.get(key);
        if (first) c.failText('code', 'repeated', { value: code, row: first });
        else {
          seen.set(key, c.row);
          if (existing.has(key)) c.fail('code', say(c.lang, texts.exists, { label: c.title('code'), value: code }));
        }
      }
      let zone: ZoneRef | undefined;
      if (warehouseId !== undefined && zoneCode) {
        const key = `${warehouseId}/${zoneCode}`;
        zone = zones.get(key);
        if (!zone) zones.set(key, (zone = { warehouseId, code: zoneCode, name: zoneName ?? zoneCode, row: c.row, named: Boolean(zoneName), namedOn: zoneName ? c.row : undefined }));
        else if (zone.row > 0 && zoneName) {
          // a new zone takes the first name a row gives it; another name is an error
          if (!zone.named) Object.assign(zone, { name: zoneName, named: true, namedOn: c.row });
          else if (zoneName !== zone.name) c.fail('zoneName', say(c.lang, texts.zoneNames, { label: c.title('zoneName'), value: zoneName, first: zone.name, row: zone.namedOn! }));
        }
      }
      if (!c.ok) return undefined;
      return { zone: zone!, warehouseId: warehouseId!, code: code!, type: type!, pickSequence, capacityQty, remark };
    };
  },
  async insert(tx, rows) {
    const missing = [...new Set(rows.map((r) => r.zone).filter((z) => z.id === undefined))];
    if (missing.length) await insertZones(tx, missing);
    await insertRows(tx, location, rows.map((r) => ({
      warehouseId: r.warehouseId, zoneId: r.zone.id!, code: r.code, type: r.type, pickSequence: r.pickSequence, capacityQty: r.capacityQty, remark: r.remark,
    })));
  },
  summary(rows, lang) {
    const made = [...new Set(rows.map((r) => r.zone).filter((z) => z.row > 0))];
    const done = say(lang, texts.done, { n: rows.length, locations: rows.length === 1 ? 'location' : 'locations' });
    return made.length ? `${done}${lang === 'zh' ? '；' : '; '}${say(lang, texts.zonesMade, { zones: made.map((z) => z.code).join(', ') })}` : done;
  },
};

/**
 * Inserts the zones a file makes (enabled) and sets their ids; a zone made meanwhile by someone else (same
 * warehouse and code) is taken as it is. One statement: the inserted rows come from RETURNING, the others from
 * the table (the unique (warehouse, code) index decides which).
 */
async function insertZones(tx: Db, zones: ZoneRef[]): Promise<void> {
  const rows = await rawQuery(tx, `with z(warehouse_id, code, name) as (select * from unnest($1::int[], $2::varchar[], $3::varchar[])),
    ins as (insert into ${warehouseZoneTable} (warehouse_id, code, name) select warehouse_id, code, name from z on conflict (warehouse_id, code) do nothing returning id, warehouse_id, code)
    select id, warehouse_id, code from ins
    union all select t.id, t.warehouse_id, t.code from ${warehouseZoneTable} t join z on z.warehouse_id = t.warehouse_id and z.code = t.code`,
  [zones.map((z) => z.warehouseId), zones.map((z) => z.code), zones.map((z) => z.name)]);
  const ids = new Map(rows.map((r) => [`${r.warehouse_id}/${r.code}`, Number(r.id)]));
  for (const z of zones) z.id = ids.get(`${z.warehouseId}/${z.code}`);
}
const warehouseZoneTable = meta(bindings.warehouseZone).table;

/** The body of the location import: `{ filePath, fileUrl }` (the file, "File cannot be empty"). */
const locationImportBody: BodyRule<{ filePath: string }> = { schema: (lang: Lang) => yup.object(uploadFields(lang)) };

/**
 * The location import call (module doc; body `{ filePath, fileUrl }`) -> `{ id, status: 1, totalRows: 0,
 * doneRows: 0 }`. Errors: 400 not .xlsx, 403 without location:import (sapiRoute), 404 unknown or foreign upload.
 */
export async function startLocationImport(deps: ImportDeps, a: { ctx: RequestContext; user: UserContext; body: { filePath: string } }): Promise<JobSummary> {
  const { db } = deps.database;
  const { ctx, user } = a;
  const path = await uploadedWorkbook(deps, user, a.body.filePath, ctx.lang);
  const id = randomUUID();
  await db.insert(sysImportJob).values({ id, kind: locationImport.kind, ownerId: 0, filePath: path, status: ImportStatus.RUNNING, userId: user.id });
  scheduleImport(deps, { jobId: id, lang: ctx.lang }, () => runImport(deps, locationImport, id, path, { lang: ctx.lang, user }));
  return { id, status: ImportStatus.RUNNING, totalRows: 0, doneRows: 0 };
}

/** Registers the location import call (code: the manifest's location.permissions.import) and its template. */
export function registerLocationImport(app: FastifyInstance, deps: ImportDeps): void {
  const { db } = deps.database;
  sapiRoute(app, db, locationImport.apiPath, meta(bindings.location).permissions.import!, { body: locationImportBody }, ({ ctx, user, body }) => startLocationImport(deps, { ctx, user, body }));
  registerTemplateRoutes(app, db, [locationImport]);
}
