/**
 * Invoice corrections (issue 32 step 3; docs/billing.md "Invoices"; domain/billing/corrections.ts): lines added by
 * hand with a reason on a DRAFT survive a re-run and the confirmation, total = the sum of the lines always; a
 * confirmed invoice takes no line (409) but credit notes, numbered CN..., never more than its total in all (also two
 * at once); bad input is a 400 naming the field with nothing written; owner scope: another owner's staff and
 * operators neither see nor correct an invoice or credit note of another owner. Both databases.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChargeKind as K, Currency } from '../../generated/shared/enums';
import type { Db } from '../../src/server/db/connect';
import { takeStockSnapshot } from '../../src/server/domain/billing/snapshot';
import { documentFixture, testDatabases, userWith } from './harness';

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const CARD = '/sapi/wms/rate-card';
const INV = '/sapi/wms/invoice';
const CN = '/sapi/wms/credit-note';
const sumLines = (inv: Rec) => (inv.lines as Rec[]).reduce((a, l) => a + l.amount, 0);

describe.each(testDatabases())('invoice corrections on %s', (kind) => {
  const f = documentFixture();
  const { call, ok, skus } = f;
  let ownerA: number, ownerB: number, cardA: Rec;
  let clerk: string; // an operator of every owner with billing:invoice, named clerk-<db>
  const clerkName = `clerk${kind === 'pglite' ? 'p' : 'g'}${Date.now() % 10000}`;
  const db = () => f.t.database.db as unknown as Db;
  const count = async (table: string) => ((await db().execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: Rec[] }).rows[0].n as number;

  beforeAll(async () => {
    ({ ownerA, ownerB } = await f.setUp(kind, { ROSE: 'A', CABLE: 'B' }));
    // A: 10 units of ROSE at 10 cents a unit-day; B: 5 CABLE at 2 fils a unit-day, minimum 5000
    cardA = await ok(`${CARD}/add`, { name: 'Rose', ownerId: ownerA, currency: Currency.SAR, validFrom: '2026-10-01', lines: [{ kind: K.STORAGE_UNIT_DAY, rate: 10 }] });
    await ok(`${CARD}/add`, { name: 'Cable', ownerId: ownerB, currency: Currency.AED, validFrom: '2026-10-01', monthlyMinimum: 5000, lines: [{ kind: K.STORAGE_UNIT_DAY, rate: 2 }] });
    await f.gain(ownerA, skus.ROSE, 10);
    await f.gain(ownerB, skus.CABLE, 5);
    for (const day of ['2026-10-05', '2026-10-06']) await takeStockSnapshot(db(), day);
    clerk = (await userWith(f.t, f.admin, { codes: ['billing', 'billing:list', 'billing:invoice'], name: clerkName })).token;
  }, 120_000);
  afterAll(async () => { await f.close(); });

  it('a line added by hand survives the re-run of the draft; total = the sum of the lines; removing it', async () => {
    const draft = await ok(`${INV}/run`, { ownerId: ownerA, month: '2026-10' });
    expect(draft.lines.map((l: Rec) => [l.kind, l.amount, l.manual])).toEqual([[K.STORAGE_UNIT_DAY, 200, false]]);
    const vas = await ok(`${INV}/line-add`, { id: draft.id, kind: K.VAS, qty: 3, amount: 2500, reason: 'Gift wrapping, 3 boxes' }, clerk);
    const adj = await ok(`${INV}/line-add`, { id: draft.id, kind: K.ADJUSTMENT, amount: -300, reason: 'Goodwill discount' }, clerk);
    expect(adj.total).toBe(200 + 2500 - 300);
    expect(sumLines(adj)).toBe(adj.total);
    const manual = (adj.lines as Rec[]).filter((l) => l.manual);
    expect(manual.map((l) => ({ kind: l.kind, qty: l.qty, amount: l.amount, reason: l.reason, addUserName: l.addUserName, currency: l.currency }))).toEqual([
      { kind: K.VAS, qty: 3, amount: 2500, reason: 'Gift wrapping, 3 boxes', addUserName: clerkName, currency: Currency.SAR },
      { kind: K.ADJUSTMENT, qty: 1, amount: -300, reason: 'Goodwill discount', addUserName: clerkName, currency: Currency.SAR },
    ]);
    expect(vas.lines.filter((l: Rec) => l.manual)).toHaveLength(1);
    // a card correction and a re-run remake the charge line; the manual lines stay as they were
    await ok(`${CARD}/edit`, { id: cardA.id, lines: [{ kind: K.STORAGE_UNIT_DAY, rate: 15 }] });
    const again = await ok(`${INV}/run`, { ownerId: ownerA, month: '2026-10' });
    expect(again.id).toBe(draft.id);
    expect((again.lines as Rec[]).find((l) => !l.manual)!.amount).toBe(300);
    expect((again.lines as Rec[]).filter((l) => l.manual)).toEqual(manual);
    expect(again.total).toBe(300 + 2500 - 300);
    expect(sumLines(again)).toBe(again.total);
    // remove the adjustment; a line made from charges cannot be removed; a line of no such id: 404
    const removed = await ok(`${INV}/line-remove`, { id: draft.id, lineId: manual[1].id }, clerk);
    expect(removed.total).toBe(300 + 2500);
    expect(sumLines(removed)).toBe(removed.total);
    const chargeLine = (removed.lines as Rec[]).find((l) => !l.manual)!;
    const r = await call(`${INV}/line-remove`, { id: draft.id, lineId: chargeLine.id }, clerk);
    expect([r.code, r.msg]).toEqual([409, `Line #${chargeLine.id} was made from the charges; only a line added by hand can be removed`]);
    expect((await call(`${INV}/line-remove`, { id: draft.id, lineId: 99999999 }, clerk)).code).toBe(404);
    // the generic line calls stay read-only
    expect((await call('/sapi/wms/invoice-line/add', { invoiceId: draft.id, ownerId: ownerA, kind: K.VAS, charges: 0, qty: 1, amount: 1, currency: 1 })).code).toBe(400);
  });

  it('bad input: 400 naming the field, checked before anything is written', async () => {
    const [inv] = (await ok(`${INV}/list`, { ownerId: ownerA })) as Rec[];
    const n = await count('wms_invoice_line');
    const bad: Array<[Rec, RegExp]> = [
      [{ id: inv.id, kind: K.STORAGE_UNIT_DAY, amount: 100, reason: 'x' }, /^Charge kind must be one of/],
      [{ id: inv.id, kind: K.VAS, amount: -100, reason: 'x' }, /^Amount can be negative only on an adjustment/],
      [{ id: inv.id, kind: K.VAS, amount: 10.5, reason: 'x' }, /^Amount can have at most 2 decimals/],
      [{ id: inv.id, kind: K.VAS, amount: '100', reason: 'x' }, /^Amount /],
      [{ id: inv.id, kind: K.VAS, amount: 100 }, /^Reason cannot be empty/],
      [{ id: inv.id, kind: K.VAS, amount: 100, reason: '   ' }, /^Reason cannot be empty/],
      [{ id: inv.id, kind: K.VAS, amount: 100, reason: 'r'.repeat(201) }, /^Reason can be at most 200 characters/],
      [{ id: inv.id, kind: K.VAS, qty: -1, amount: 100, reason: 'x' }, /^Quantity cannot be less than 0/],
      [{ kind: K.VAS, amount: 100, reason: 'x' }, /^ID /],
    ];
    for (const [body, msg] of bad) {
      const r = await call(`${INV}/line-add`, body, clerk);
      expect([r.code, r.msg], JSON.stringify(body)).toEqual([400, expect.stringMatching(msg)]);
    }
    const creditBad: Array<[Rec, RegExp]> = [
      [{ id: inv.id, kind: K.VAS, amount: 0, reason: 'x' }, /^Amount to credit cannot be less than 1/],
      [{ id: inv.id, kind: K.VAS, amount: -5, reason: 'x' }, /^Amount to credit /],
      [{ id: inv.id, kind: 99, amount: 5, reason: 'x' }, /^Charge kind /],
      [{ id: inv.id, kind: K.VAS, amount: 5 }, /^Reason cannot be empty/],
    ];
    for (const [body, msg] of creditBad) {
      const r = await call(`${INV}/credit`, body, clerk);
      expect([r.code, r.msg], JSON.stringify(body)).toEqual([400, expect.stringMatching(msg)]);
    }
    const lr = await call(`${INV}/line-remove`, { id: inv.id }, clerk);
    expect([lr.code, lr.msg]).toEqual([400, expect.stringMatching(/^Line /)]);
    expect(await count('wms_invoice_line')).toBe(n);
    expect(await count('wms_credit_note')).toBe(0);
  });

  it('a draft is not credited; confirmed: the manual lines stay, no line changes (409), credit notes up to the total', async () => {
    const [draft] = (await ok(`${INV}/list`, { ownerId: ownerA })) as Rec[];
    const early = await call(`${INV}/credit`, { id: draft.id, kind: K.VAS, amount: 100, reason: 'Too early' }, clerk);
    expect([early.code, early.msg]).toEqual([409, 'The invoice of 2026-10 is a draft: correct it with lines; credit notes are for confirmed invoices']);
    const done = await ok(`${INV}/confirm`, { id: draft.id }, clerk);
    expect(done.status).toBe(2);
    expect((done.lines as Rec[]).filter((l) => l.manual).map((l) => l.amount)).toEqual([2500]);
    expect(done.total).toBe(300 + 2500);
    expect(sumLines(done)).toBe(done.total);
    const add = await call(`${INV}/line-add`, { id: draft.id, kind: K.VAS, amount: 100, reason: 'Late' }, clerk);
    expect([add.code, add.msg]).toEqual([409, `Invoice ${done.invoiceNo} of 2026-10 is confirmed: its lines no longer change; corrections are credit notes`]);
    const vasLine = (done.lines as Rec[]).find((l) => l.manual)!;
    expect((await call(`${INV}/line-remove`, { id: draft.id, lineId: vasLine.id }, clerk)).code).toBe(409);
    expect(await ok(`${INV}/detail`, { id: draft.id })).toEqual({ ...done, credited: 0 });

    // a credit note: confirmed at once, numbered, negative, linked; the invoice says what was credited
    const note = await ok(`${INV}/credit`, { id: draft.id, kind: K.VAS, amount: 1000, reason: 'Two boxes were not wrapped' }, clerk);
    expect(note).toMatchObject({ invoiceId: draft.id, ownerId: ownerA, month: '2026-10', status: 2, kind: K.VAS, currency: Currency.SAR, total: -1000, reason: 'Two boxes were not wrapped', addUserName: clerkName });
    expect(note.creditNo).toBe(`CN${new Date().toISOString().slice(0, 10).replace(/-/g, '')}${String(note.id).padStart(6, '0')}`);
    expect((await ok(`${INV}/detail`, { id: draft.id })).credited).toBe(1000);
    // 1800 left: more is refused in words; two credits of 1800 at once: one passes
    const over = await call(`${INV}/credit`, { id: draft.id, kind: K.VAS, amount: 1801, reason: 'Too much' }, clerk);
    expect([over.code, over.msg]).toEqual([409, `Invoice ${done.invoiceNo} can be credited at most 18.00 more (total 28.00, credited 10.00)`]);
    const both = await Promise.all([1, 2].map(() => call(`${INV}/credit`, { id: draft.id, kind: K.STORAGE_UNIT_DAY, amount: 1800, reason: 'Storage waived' }, clerk)));
    expect(both.map((x) => x.code).sort()).toEqual([200, 409]);
    const notes = (await ok(`${CN}/list`, { invoiceId: draft.id })) as Rec[];
    expect(notes.reduce((a, x) => a + x.total, 0)).toBe(-done.total);
    expect(notes.every((x) => x.invoiceNo === done.invoiceNo && /^CN\d{14}$/.test(x.creditNo))).toBe(true);
    expect((await call(`${INV}/credit`, { id: draft.id, kind: K.VAS, amount: 1, reason: 'Nothing left' }, clerk)).code).toBe(409);
    // the invoice itself never changed
    expect(await ok(`${INV}/detail`, { id: draft.id })).toEqual({ ...done, credited: done.total });
    // credit notes are read-only through the generic calls
    expect((await call(`${CN}/remove`, { id: note.id })).code).toBe(400);
    expect((await call(`${CN}/add`, { invoiceId: draft.id, ownerId: ownerA, month: '2026-10', kind: K.VAS, currency: 1, total: -1, reason: 'x' })).code).toBe(400);
  });

  it('owner scope: B\'s staff see B\'s credit notes only; nobody limited to B corrects or credits A\'s invoice', async () => {
    const invB = await ok(`${INV}/run`, { ownerId: ownerB, month: '2026-10' });
    expect(invB.total).toBe(5000);
    await ok(`${INV}/confirm`, { id: invB.id });
    const noteB = await ok(`${INV}/credit`, { id: invB.id, kind: K.MONTHLY_MINIMUM, amount: 500, reason: 'First month' });
    const [invA] = (await ok(`${INV}/list`, { ownerId: ownerA })) as Rec[];
    const [noteA] = (await ok(`${CN}/list`, { ownerId: ownerA })) as Rec[];
    const staff = (await userWith(f.t, f.admin, { codes: ['billing', 'billing:list'], ownerIds: [ownerB] })).token;
    expect(((await ok(`${CN}/list`, {}, staff)) as Rec[]).map((x) => x.id)).toEqual([noteB.id]);
    expect((await ok(`${CN}/page`, { ownerId: ownerA }, staff)).list ?? []).toEqual([]);
    expect([403, 404]).toContain((await call(`${CN}/detail`, { id: noteA.id }, staff)).code);
    expect((await ok(`${CN}/detail`, { id: noteB.id }, staff)).total).toBe(-500);
    // staff hold no billing:invoice: 403 even on their own invoice
    expect((await call(`${INV}/credit`, { id: invB.id, kind: K.VAS, amount: 1, reason: 'x' }, staff)).code).toBe(403);
    // an operator of owner B only: A's invoice is not found, nothing written
    const op = (await userWith(f.t, f.admin, { codes: ['billing', 'billing:list', 'billing:invoice'], ownerIds: [ownerB] })).token;
    const lines = await count('wms_invoice_line');
    const notes = await count('wms_credit_note');
    for (const [path, body] of [[`${INV}/credit`, { id: invA.id, kind: K.VAS, amount: 1, reason: 'x' }], [`${INV}/line-add`, { id: invA.id, kind: K.VAS, amount: 1, reason: 'x' }],
      [`${INV}/line-remove`, { id: invA.id, lineId: invA.lines[0].id }]] as const) {
      expect([403, 404], path).toContain((await call(path, body, op)).code);
    }
    expect([await count('wms_invoice_line'), await count('wms_credit_note')]).toEqual([lines, notes]);
    // B's operator does credit B's invoice
    expect((await call(`${INV}/credit`, { id: invB.id, kind: K.VAS, amount: 100, reason: 'Scan fee waived' }, op)).code).toBe(200);
  });
});
