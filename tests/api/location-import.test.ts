/**
 * Location import and location labels (issue 29 step 2; docs/locations.md): a good file goes in whole with the
 * zones it names (made when new), a bad file names every row, column and rule in en and zh and writes nothing,
 * 10,000 locations in one file, the template round-trips; labels as a PDF of the selected ids or the list's
 * filter, with the codes on their pages; a user of one warehouse can neither import into nor print another's;
 * both calls need their manifest codes (location:import, location:label). Both databases.
 */
import { performance } from 'node:perf_hooks';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { location as locationTable, warehouseZone } from '../../generated/db/schema';
import { LocationType, Status } from '../../generated/shared/enums';
import { MAX_LOCATION_LABELS } from '../../src/server/domain/location-labels';
import { startTestApp, testDatabases, uploadXlsx, userWith, waitImportJob, type TestApp } from './harness';
import { pageCount, pageTexts } from '../support/pdf';

type Cell = string | number | null;
type Rec = Record<string, any>;

const IMPORT = '/sapi/wms/location/excel/import';
const LABELS = '/sapi/wms/location/exportLabels';
const HEADER = ['Warehouse / 仓库', 'Zone code / 库区编码', 'Zone name / 库区名称', 'Location code / 库位编码', 'Location type / 库位类型', 'Pick sequence / 拣货顺序', 'Capacity (units) / 容量(件)', 'Remark / 备注'];

/** An xlsx workbook with one data sheet: `header`, then `rows`. */
async function xlsx(rows: Cell[][], header = HEADER): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Locations');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe.each(testDatabases())('location import and labels on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let ruh: number; // RUH01 (Riyadh DC)
  let dxb: number; // DXB01 (Dubai FC)

  /** Uploads `data` as `token`, starts the location import and waits for its end. */
  const importFile = async (data: Buffer, token = admin, headers: Record<string, string> = {}) => {
    const file = await uploadXlsx(t, data, token);
    const started = await t.call(IMPORT, file, token, headers);
    expect(started.code, started.msg).toBe(200);
    expect(started.data).toEqual({ id: expect.any(String), status: 1, totalRows: 0, doneRows: 0 });
    return waitImportJob(t, started.data.id, token);
  };
  const locations = (warehouseId: number) => t.database.db.select().from(locationTable).where(eq(locationTable.warehouseId, warehouseId));
  const zoneOf = async (warehouseId: number, code: string) => (await t.database.db.select().from(warehouseZone).where(and(eq(warehouseZone.warehouseId, warehouseId), eq(warehouseZone.code, code))))[0];
  /** POSTs the labels call; the answer as a file or an envelope. */
  const labels = async (body: unknown, token = admin) => {
    const res = await t.app.inject({ method: 'POST', url: LABELS, payload: body as object, headers: { 'x-token': token } });
    const pdf = res.headers['content-type'] === 'application/pdf';
    return { status: res.statusCode, headers: res.headers, pdf: pdf ? res.rawPayload : undefined, env: pdf ? undefined : res.json() };
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login();
    const ws = (await t.call('/sapi/wms/warehouse/list', {}, admin)).data as Rec[];
    ruh = ws.find((w) => w.code === 'RUH01')!.id;
    dxb = ws.find((w) => w.code === 'DXB01')!.id;
    // an existing zone of RUH01: rows naming it use it, whatever their Zone name says
    expect((await t.call('/sapi/wms/warehouse-zone/add', { warehouseId: ruh, code: 'A', name: 'Aisle A' }, admin)).code).toBe(200);
  }, 60_000);
  afterAll(async () => { await t?.close(); });

  it('imports a good file: warehouses by code or name, new zones made, types by key or name, defaults', async () => {
    const job = await importFile(await xlsx([
      ['RUH01', 'A', 'ignored for an existing zone', 'A-01-01-01', 'STORAGE', 10101, 200, 'top shelf'],
      ['ruh01', 'A', null, 'A-01-01-02', 'Pick face', 10102, null, null],
      ['Riyadh DC', 'Q', 'Quarantine cage', 'Q-01', '隔离区', 0, null, null],
      ['RUH01', 'Q', null, 'Q-02', 'quarantine', null, null, null],
      ['DXB01', 'B', null, 'B-01', null, 5, 1, null],
      ['DXB01', 'C', null, 'C-01', null, null, null, null],
      ['DXB01', 'C', 'Cold room', 'C-02', null, null, null, null],
      ['Dubai FC', 'DOCK', 'Docks', 'DOCK-1', 'SHIPPING', 900, 99999999, null],
    ]));
    expect(job).toMatchObject({ status: 2, kind: 'location', totalRows: 8, doneRows: 8, errors: [] });
    expect(job.message).toBe('Imported 8 locations; zones created: Q, B, C, DOCK');
    const zoneA = await zoneOf(ruh, 'A');
    expect(zoneA.name).toBe('Aisle A'); // an existing zone keeps its name
    const zoneQ = await zoneOf(ruh, 'Q');
    expect([zoneQ.name, zoneQ.status]).toEqual(['Quarantine cage', Status.ENABLE]);
    expect((await zoneOf(dxb, 'B')).name).toBe('B'); // no zone name: its code
    expect((await zoneOf(dxb, 'C')).name).toBe('Cold room'); // named on a later row
    const byCode = Object.fromEntries([...await locations(ruh), ...await locations(dxb)].map((l) => [l.code, l]));
    expect(byCode['A-01-01-01']).toMatchObject({ warehouseId: ruh, zoneId: zoneA.id, type: LocationType.STORAGE, pickSequence: 10101, capacityQty: 200, remark: 'top shelf', status: Status.ENABLE });
    expect(byCode['A-01-01-02']).toMatchObject({ zoneId: zoneA.id, type: LocationType.PICK_FACE, capacityQty: null, remark: null });
    expect(byCode['Q-01']).toMatchObject({ zoneId: zoneQ.id, type: LocationType.QUARANTINE, pickSequence: 0 });
    expect(byCode['Q-02']).toMatchObject({ zoneId: zoneQ.id, type: LocationType.QUARANTINE, pickSequence: 0 });
    expect(byCode['B-01']).toMatchObject({ warehouseId: dxb, type: LocationType.STORAGE, pickSequence: 5, capacityQty: 1 });
    expect(byCode['DOCK-1']).toMatchObject({ warehouseId: dxb, type: LocationType.SHIPPING, capacityQty: 99999999 });
    // the list reads them like any location
    const page = await t.call('/sapi/wms/location/page', { warehouseId: ruh, code: 'Q-0', sortProp: 'code', sortOrder: 'asc' }, admin);
    expect(page.data.records.map((r: Rec) => [r.code, r.zoneIdName ?? r.zoneId])).toEqual([['Q-01', expect.anything()], ['Q-02', expect.anything()]]);
  });

  it('fails a file with bad rows, naming every row, column and rule, and writes nothing', async () => {
    const before = (await locations(ruh)).length;
    const rows: Cell[][] = [
      ['RUH01', 'A', null, 'OK-1', null, null, null, null], // row 2: good
      ['NOWHERE', 'A', null, 'X-1', null, null, null, null], // 3: unknown warehouse
      ['RUH01', 'A', null, 'OK-1', null, null, null, null], // 4: repeats row 2
      ['RUH01', 'A', null, 'A-01-01-01', null, null, null, null], // 5: exists
      ['RUH01', 'A', null, 'X-5', 'SHELF', null, null, null], // 6: bad type
      ['RUH01', 'A', null, 'X-6', null, null, -5, null], // 7: negative capacity
      ['RUH01', 'A', null, 'X-7', null, 1.5, 0, null], // 8: pick sequence not whole, capacity 0
      ['RUH01', 'A', null, 'X 8', null, -1, 'lots', null], // 9: code pattern, pick sequence < 0, capacity text
      ['RUH01', null, null, null, null, null, null, null], // 10: no zone, no code
      ['RUH01', 'NEWZ', 'New zone', 'N-1', null, null, null, null], // 11: good (makes NEWZ)
      ['RUH01', 'NEWZ', 'Other name', 'N-2', null, null, null, null], // 12: another name for the new zone
      ['RUH01', 'A', null, 'RECEIVING', 'STORAGE', null, null, null], // 13: RECEIVING kept for receiving
      ['RUH01', 'bad zone', null, `L-${'9'.repeat(30)}`, null, 100000000, null, 'x'.repeat(201)], // 14: zone code pattern, code length, pick sequence max, remark length
    ];
    const job = await importFile(await xlsx(rows));
    expect(job.status).toBe(3);
    expect(job.errors).toEqual([
      { row: 3, column: 'Warehouse', message: 'Warehouse "NOWHERE" does not exist' },
      { row: 4, column: 'Location code', message: 'Location code "OK-1" is repeated: it is already on row 2' },
      { row: 5, column: 'Location code', message: 'Location code "A-01-01-01" already exists in this warehouse' },
      { row: 6, column: 'Location type', message: 'Location type must be one of: RECEIVING, STORAGE, PICK_FACE, SHIPPING, QUARANTINE' },
      { row: 7, column: 'Capacity (units)', message: 'Capacity (units) cannot be less than 1' },
      { row: 8, column: 'Pick sequence', message: 'Pick sequence must be an integer' },
      { row: 8, column: 'Capacity (units)', message: 'Capacity (units) cannot be less than 1' },
      { row: 9, column: 'Location code', message: 'Location code may hold letters, digits, - and _ only' },
      { row: 9, column: 'Pick sequence', message: 'Pick sequence cannot be less than 0' },
      { row: 9, column: 'Capacity (units)', message: 'Capacity (units) must be a number' },
      { row: 10, column: 'Zone code', message: 'Zone code cannot be empty' },
      { row: 10, column: 'Location code', message: 'Location code cannot be empty' },
      { row: 12, column: 'Zone name', message: 'Zone name "Other name" differs from "New zone" on row 11 for the same new zone' },
      { row: 13, column: 'Location code', message: 'Location code "RECEIVING" is the warehouse\'s receiving location: its type must be Receiving' },
      { row: 14, column: 'Zone code', message: 'Zone code may hold letters, digits, - and _ only' },
      { row: 14, column: 'Location code', message: 'Location code can be at most 30 characters' },
      { row: 14, column: 'Pick sequence', message: 'Pick sequence cannot be greater than 99999999' },
      { row: 14, column: 'Remark', message: 'Remark can be at most 200 characters' },
    ]);
    expect(job.message).toBe('18 errors in 11 of 13 rows; nothing was imported');
    expect(job.doneRows).toBe(0);
    expect((await locations(ruh)).length).toBe(before);
    expect(await zoneOf(ruh, 'NEWZ')).toBeUndefined(); // nothing written: not the new zone either

    // the same in Chinese (the caller's language): column titles and rules
    const zh = await importFile(await xlsx(rows.slice(0, 6)), admin, { 'x-lang': 'zh' });
    expect(zh.errors).toEqual([
      { row: 3, column: '仓库', message: '仓库“NOWHERE”不存在' },
      { row: 4, column: '库位编码', message: '库位编码“OK-1”重复：第2行已有' },
      { row: 5, column: '库位编码', message: '该仓库已存在库位编码“A-01-01-01”' },
      { row: 6, column: '库位类型', message: expect.stringContaining('库位类型') },
      { row: 7, column: '容量(件)', message: '容量(件)不能小于1' },
    ]);
    expect(zh.message).toBe('6行中有5行共5处错误，未导入任何数据');
  });

  it('the template downloads, reads back and imports as it is (its example row)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/static/templates/location-import.xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.name).toBe('Locations');
    expect((sheet.getRow(1).values as Cell[]).slice(1)).toEqual(HEADER);
    expect(wb.worksheets[1].name).toBe('Notes');
    // the example row names warehouse WH01, which this installation does not have: made here, the row goes in
    expect((await t.call('/sapi/wms/warehouse/add', { code: 'WH01', name: 'Template warehouse', type: 1 }, admin)).code).toBe(200);
    const job = await importFile(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(job).toMatchObject({ status: 2, totalRows: 1, doneRows: 1, message: 'Imported 1 location; zones created: A' });
  });

  it('imports 10,000 locations in one file', async () => {
    const rows: Cell[][] = [];
    for (let aisle = 1; aisle <= 20; aisle++) {
      for (let bay = 1; bay <= 25; bay++) {
        for (let level = 1; level <= 20; level++) {
          const code = `${String.fromCharCode(64 + aisle)}-${String(bay).padStart(2, '0')}-${String(level).padStart(2, '0')}`;
          rows.push(['DXB01', `Z${aisle}`, `Aisle ${aisle}`, `BIG-${code}`, level === 1 ? 'PICK_FACE' : 'STORAGE', aisle * 10000 + bay * 100 + level, 50, null]);
        }
      }
    }
    expect(rows).toHaveLength(10_000);
    const data = await xlsx(rows);
    const t0 = performance.now();
    const job = await importFile(data);
    const seconds = (performance.now() - t0) / 1000;
    console.log(`${kind}: 10,000 locations (${(data.length / 1024).toFixed(0)} KB) imported in ${seconds.toFixed(1)} s (upload, job, polling)`);
    expect(job).toMatchObject({ status: 2, totalRows: 10_000, doneRows: 10_000, errors: [] });
    expect(job.message).toMatch(/^Imported 10000 locations; zones created: Z1, Z2, .*Z20$/);
    const big = (await locations(dxb)).filter((l) => l.code.startsWith('BIG-'));
    expect(big).toHaveLength(10_000);
    expect(big.filter((l) => l.type === LocationType.PICK_FACE)).toHaveLength(500);
    expect(big.find((l) => l.code === 'BIG-T-25-20')).toMatchObject({ pickSequence: 202520, capacityQty: 50 });
    // the same file again: every row exists now, nothing written
    const again = await importFile(data);
    expect(again.status).toBe(3);
    expect(again.message).toBe('10000 errors in 10000 of 10000 rows; nothing was imported; the first 1000 are listed, 9000 more are not shown');
  }, 240_000);

  it('prints labels of the selected locations, in their order, with the codes on their pages', async () => {
    const all = Object.fromEntries([...await locations(ruh), ...await locations(dxb)].map((l) => [l.code, l.id]));
    const ids = [all['Q-02'], all['A-01-01-01'], all['DOCK-1']];
    const res = await labels({ ids, skipLoading: true });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="location-labels.pdf"');
    const pdf = res.pdf!;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(3);
    const boxes = [...pdf.toString('latin1').matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((m) => [Number(m[1]), Number(m[2])]);
    for (const [w, h] of boxes) { expect(w).toBeCloseTo(283.46, 1); expect(h).toBeCloseTo(141.73, 1); } // 100 x 50 mm
    // one barcode image a page (opaque grey PNG, as the platform labels)
    expect([...pdf.toString('latin1').matchAll(/\/Subtype \/Image/g)]).toHaveLength(3);
    const pages = pageTexts(pdf);
    expect(pages).toHaveLength(3);
    expect(pages[0].split('\n')).toEqual(['Q-02', 'RUH01 / Q', 'Quarantine']);
    expect(pages[1].split('\n')).toEqual(['A-01-01-01', 'RUH01 / A', 'Storage']);
    expect(pages[2].split('\n')).toEqual(['DOCK-1', 'DXB01 / DOCK', 'Shipping']);
    // an unknown id: 404 naming it, no file
    const missing = await labels({ ids: [all['Q-02'], 99999999] });
    expect([missing.env?.code, missing.env?.msg]).toEqual([404, expect.stringContaining('#99999999')]);
    const tooMany = await labels({ ids: Array.from({ length: MAX_LOCATION_LABELS + 1 }, (_, i) => i + 1) });
    expect([tooMany.env?.code, tooMany.env?.msg]).toEqual([400, `Locations can be at most ${MAX_LOCATION_LABELS} per file`]);
  });

  it('prints labels of the list\'s current filter, by warehouse and code; none or too many is a 400', async () => {
    const res = await labels({ warehouseId: ruh, code: '-01-', current: 3, size: 1, sortProp: 'pickSequence', sortOrder: 'desc' });
    expect(res.status).toBe(200);
    expect(pageTexts(res.pdf!).map((p) => p.split('\n')[0])).toEqual(['A-01-01-01', 'A-01-01-02']);
    const quarantine = await labels({ type: LocationType.QUARANTINE });
    expect(pageTexts(quarantine.pdf!).map((p) => p.split('\n')[0])).toEqual(['Q-01', 'Q-02']);
    const none = await labels({ warehouseId: ruh, code: 'NO-SUCH' });
    expect([none.env?.code, none.env?.msg]).toEqual([400, 'No location matches the filter']);
    const tooMany = await labels({ warehouseId: dxb, code: 'BIG-' });
    expect([tooMany.env?.code, tooMany.env?.msg]).toEqual([400, `More than ${MAX_LOCATION_LABELS} locations match the filter; a label file holds at most ${MAX_LOCATION_LABELS}: narrow the filter or select locations`]);
    const bad = await labels({ type: 99 });
    expect(bad.env?.code).toBe(400);
  });

  it('a user of one warehouse can neither import into nor print another warehouse\'s locations; both need their codes', async () => {
    const clerk = await userWith(t, admin, { codes: ['location:list', 'location:import', 'location:label'], warehouseIds: [ruh] });
    const job = await importFile(await xlsx([
      ['RUH01', 'A', null, 'CLERK-1', null, null, null, null],
      ['DXB01', 'B', null, 'CLERK-2', null, null, null, null],
      ['Dubai FC', 'B', null, 'CLERK-3', null, null, null, null],
    ]), clerk.token);
    expect(job.status).toBe(3);
    expect(job.errors).toEqual([
      { row: 3, column: 'Warehouse', message: 'Warehouse "DXB01" does not exist' },
      { row: 4, column: 'Warehouse', message: 'Warehouse "Dubai FC" does not exist' },
    ]);
    const own = await importFile(await xlsx([['RUH01', 'A', null, 'CLERK-1', null, null, null, null]]), clerk.token);
    expect(own.status).toBe(2);

    const all = Object.fromEntries([...await locations(ruh), ...await locations(dxb)].map((l) => [l.code, l.id]));
    const foreign = await labels({ ids: [all['CLERK-1'], all['DOCK-1']] }, clerk.token);
    expect(foreign.env?.code).toBe(404);
    expect(foreign.env?.msg).toContain(`#${all['DOCK-1']}`);
    expect(foreign.env?.msg).not.toContain(`#${all['CLERK-1']}`);
    // the filter is cut to the clerk's scope: DXB01's locations are not theirs to print
    const otherWarehouse = await labels({ warehouseId: dxb }, clerk.token);
    expect([otherWarehouse.env?.code, otherWarehouse.env?.msg]).toEqual([400, 'No location matches the filter']);
    const mine = await labels({ code: 'CLERK' }, clerk.token);
    expect(pageTexts(mine.pdf!).map((p) => p.split('\n')[0])).toEqual(['CLERK-1']);

    // without the codes: 403 for both calls
    const reader = await userWith(t, admin, { codes: ['location:list'] });
    const file = await uploadXlsx(t, await xlsx([['RUH01', 'A', null, 'R-1', null, null, null, null]]), reader.token);
    expect((await t.call(IMPORT, file, reader.token)).code).toBe(403);
    expect((await labels({ ids: [all['CLERK-1']] }, reader.token)).env?.code).toBe(403);
  });
});
