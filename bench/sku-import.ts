/**
 * SKU import benchmark (issue 3): how fast does `POST /sapi/wms/sku/excel/import` take a large catalogue,
 * next to a plain bulk insert of the same rows?
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/sku-import.ts [rows=100000]
 *
 * 1. Writes a realistic catalogue (categories, colours, sizes, goods numbers, weights with up to 3 decimals,
 *    remarks, the template's bilingual header) as an .xlsx into a temp dir with exceljs' streaming writer.
 * 2. Starts the real app on its own PostgreSQL database (tests/api/harness.ts creates it and drops it at the
 *    end), logs in, creates the categories.
 * 3. Plain bulk insert: the same rows for goods owner B, multi-row INSERT of 1000 rows per statement, all in
 *    one transaction, straight through pg.
 * 4. Import: uploads the file (multipart, streamed) and imports it for goods owner A through the API, polling
 *    the job; the time runs from the import call to status SUCCESS (upload timed separately).
 * Prints both rates in rows per second and their ratio.
 */
import { mkdtempSync, rmSync, statSync, createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import type pg from 'pg';
import { startTestApp } from '../tests/api/harness';

const ROWS = Number(process.argv[2] ?? 100_000);
if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL to a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/test); the bench creates and drops its own database there.');
  process.exit(2);
}
if (!Number.isInteger(ROWS) || ROWS < 1) {
  console.error('usage: npx tsx bench/sku-import.ts [rows]');
  process.exit(2);
}

/** Deterministic pseudo-random numbers (mulberry32), so every run has the same catalogue. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CATEGORIES = ['Clothing', 'Shoes', 'Bags', 'Accessories', 'Electronics', 'Home & Kitchen', 'Beauty', 'Toys', 'Sports', 'Books', 'Grocery', 'Jewellery'];
const NOUNS: Record<string, string[]> = {
  Clothing: ['T-shirt', 'Abaya', 'Hoodie', 'Jeans', 'Thobe', 'Dress', 'Jacket'], Shoes: ['Sneaker', 'Sandal', 'Loafer', 'Boot'],
  Bags: ['Backpack', 'Tote', 'Wallet', 'Duffel'], Accessories: ['Scarf', 'Belt', 'Cap', 'Sunglasses'],
  Electronics: ['Power bank', 'USB-C cable', 'Earbuds', 'Smart watch', 'Charger'], 'Home & Kitchen': ['Mug', 'Pan', 'Cushion', 'Lamp'],
  Beauty: ['Oud perfume', 'Lip balm', 'Face cream', 'Serum'], Toys: ['Puzzle', 'Plush camel', 'Race car'], Sports: ['Yoga mat', 'Dumbbell', 'Football'],
  Books: ['Notebook', 'Cookbook', 'Novel'], Grocery: ['Dates 1kg', 'Arabic coffee', 'Saffron'], Jewellery: ['Ring', 'Bracelet', 'Necklace'],
};
const ADJ = ['Classic', 'Premium', 'Eco', 'Desert', 'Urban', 'Royal', 'Soft', 'Travel', 'Kids', 'Pro'];
const COLOURS = ['Black', 'White', 'Red', 'Navy', 'Beige', 'Olive', 'Grey', 'Gold', 'Pink', null];
const SIZES: Record<string, Array<string | null>> = { Clothing: ['XS', 'S', 'M', 'L', 'XL', 'XXL'], Shoes: ['38', '39', '40', '41', '42', '43', '44'] };

interface BenchRow { sku: string; name: string; category: string; color: string | null; size: string | null; goodsNo: string; weight: number; enable: boolean; remarkForWarehouse: string | null; remarkForOwner: string | null }

function* catalogue(n: number): Generator<BenchRow> {
  const r = rng(42);
  const pick = <T>(a: T[]) => a[Math.floor(r() * a.length)];
  for (let i = 0; i < n; i++) {
    const category = pick(CATEGORIES);
    const color = pick(COLOURS);
    const size = SIZES[category] ? pick(SIZES[category]) : null;
    const noun = pick(NOUNS[category]);
    yield {
      sku: `${category.slice(0, 3).toUpperCase()}-${String(i).padStart(7, '0')}${color ? `-${color.slice(0, 3).toUpperCase()}` : ''}${size ? `-${size}` : ''}`,
      name: `${pick(ADJ)} ${noun}${color ? ` ${color.toLowerCase()}` : ''}${size ? ` size ${size}` : ''}`,
      category, color, size,
      goodsNo: `G${100000 + Math.floor(r() * 900000)}`,
      weight: Math.round((0.02 + r() * (category === 'Electronics' || category === 'Home & Kitchen' ? 12 : 3)) * 1000) / 1000,
      enable: r() > 0.05,
      remarkForWarehouse: r() < 0.1 ? pick(['Fragile', 'Keep dry', 'Stack max 5', 'Liquid: upright']) : null,
      remarkForOwner: r() < 0.05 ? 'Seasonal' : null,
    };
  }
}

const HEADER = ['SKU / SKU编码', 'Product name / 商品名称', 'Category / 商品分类', 'Colour / 颜色', 'Size / 尺码', 'Goods number / 货号', 'Weight (kg) / 重量(kg)', 'Enabled (Y/N) / 是否启用(Y/N)', 'Remark for warehouse / 仓库备注', 'Remark for owner / 货主备注'];

async function writeXlsx(path: string, n: number) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: true, useStyles: false });
  const ws = wb.addWorksheet('SKUs');
  ws.addRow(HEADER).commit();
  for (const x of catalogue(n)) ws.addRow([x.sku, x.name, x.category, x.color, x.size, x.goodsNo, x.weight, x.enable ? 'Y' : 'N', x.remarkForWarehouse, x.remarkForOwner]).commit();
  ws.commit();
  await wb.commit();
}

function multipartFile(path: string) {
  const boundary = '----wmsbench7d1f0a';
  async function* body() {
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="catalogue.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`);
    for await (const chunk of createReadStream(path)) yield chunk as Buffer;
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return { payload: Readable.from(body()), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'wms-bench-'));
  const file = join(dir, 'catalogue.xlsx');
  let t0 = performance.now();
  await writeXlsx(file, ROWS);
  console.log(`catalogue: ${fmt(ROWS)} rows, ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB xlsx, written in ${secs(performance.now() - t0)}`);

  const t = await startTestApp('postgres', { seedReference: 'none' });
  try {
    const admin = await t.login();
    const [ownerA, ownerB] = (await t.call('/sapi/wms/owner/list', {}, admin)).data as Array<{ id: number; companyId: number; name: string }>;
    const categoryIds = new Map<string, number>();
    for (const name of CATEGORIES) {
      const c = await t.call('/sapi/wms/sku-category/add', { name }, admin);
      if (c.code !== 200) throw new Error(c.msg);
      categoryIds.set(name, c.data.id);
    }

    // Plain bulk insert: 1000-row INSERTs in one transaction
    const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    const cols = ['owner_id', 'company_id', 'sku', 'name', 'enable', 'category_id', 'color', 'size', 'goods_no', 'weight', 'remark_for_warehouse', 'remark_for_owner'];
    t0 = performance.now();
    try {
      await client.query('begin');
      let batch: unknown[][] = [];
      const flush = async () => {
        if (!batch.length) return;
        const values = batch.map((_, i) => `(${cols.map((__, j) => `$${i * cols.length + j + 1}`).join(',')})`).join(',');
        await client.query(`insert into wms_sku (${cols.join(',')}) values ${values}`, batch.flat());
        batch = [];
      };
      for (const x of catalogue(ROWS)) {
        batch.push([ownerB.id, ownerB.companyId, x.sku, x.name, x.enable, categoryIds.get(x.category), x.color, x.size, x.goodsNo, x.weight, x.remarkForWarehouse, x.remarkForOwner]);
        if (batch.length === 1000) await flush();
      }
      await flush();
      await client.query('commit');
    } finally {
      client.release();
    }
    const bulkMs = performance.now() - t0;

    // The import through the API
    t0 = performance.now();
    const m = multipartFile(file);
    const up = (await t.app.inject({ method: 'POST', url: '/sapi/sys/file/upload?fileType=1', payload: m.payload, headers: { ...m.headers, 'x-upload-token': admin } })).json();
    if (up.code !== 200) throw new Error(up.msg);
    const uploadMs = performance.now() - t0;
    t0 = performance.now();
    const started = await t.call('/sapi/wms/sku/excel/import', { ownerId: ownerA.id, ...up.data }, admin);
    if (started.code !== 200) throw new Error(started.msg);
    let job: { status: number; totalRows: number; doneRows: number; message: string | null; errors: unknown[] };
    let firstInsertAt: number | undefined;
    for (;;) {
      await new Promise((ok) => setTimeout(ok, 100));
      job = (await t.call('/sapi/sys/importJob/query', { id: started.data.id }, admin)).data;
      if (firstInsertAt === undefined && job.doneRows > 0) firstInsertAt = performance.now() - t0;
      if (job.status !== 1) break;
    }
    const importMs = performance.now() - t0;
    if (job.status !== 2) throw new Error(`import failed: ${job.message} ${JSON.stringify(job.errors.slice(0, 5))}`);
    const [{ n }] = (await pool.query('select count(*)::int as n from wms_sku where owner_id = $1 and company_id = $2', [ownerA.id, ownerA.companyId])).rows;
    if (n !== ROWS) throw new Error(`expected ${ROWS} imported SKUs, found ${n}`);

    const importRate = ROWS / (importMs / 1000);
    const bulkRate = ROWS / (bulkMs / 1000);
    console.log(`upload (multipart, streamed to storage): ${secs(uploadMs)}`);
    console.log(`import via API (call -> SUCCESS, incl. stream parse + validation + insert): ${secs(importMs)} = ${fmt(importRate)} rows/s` +
      (firstInsertAt ? ` (first batch visible after ~${secs(firstInsertAt)}: parse + validate ~${secs(firstInsertAt)}, insert ~${secs(importMs - firstInsertAt)})` : ''));
    console.log(`plain bulk insert (1000-row INSERTs, one transaction): ${secs(bulkMs)} = ${fmt(bulkRate)} rows/s`);
    console.log(`ratio: the import runs at ${(importRate / bulkRate * 100).toFixed(0)}% of the bulk insert rate (bulk is ${(bulkRate / importRate).toFixed(2)}x faster); import incl. upload: ${fmt(ROWS / ((importMs + uploadMs) / 1000))} rows/s`);
  } finally {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
