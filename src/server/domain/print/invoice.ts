/**
 * The invoice PDF (print kind `invoice`; issue 32 step 3; docs/billing.md "Documents", docs/print.md): one goods
 * owner's month on A4, drawn with the documents' layout (./documents.ts drawSheet: title, number and its barcode,
 * fields, the table repeating its head on new pages, "Page n / m" and the print time at every foot), in the
 * caller's language (Chinese through the embedded Noto Sans SC of ./pdf-text.ts).
 *
 * - Fields: the seller (the invoice's company, i.e. the operator's company the owner is billed under), the billed
 *   goods owner (name and code; contact, phone, e-mail and an address when the owner row has them, read
 *   defensively), the invoice number, month, status, currency and issue date (the confirmation day in the caller's
 *   time zone; a draft: the print day).
 * - Lines: No., charge kind (the manifest's `ChargeKind` text; a line's `reason`, when the line table has that
 *   column and the line one, on a row of its own under it, cut to the column's width), charges counted, quantity, amount; then the total =
 *   the sum of the lines (cents summed as integers, never the stored `total` re-read, so the page adds up).
 * - Money: integer cents printed with the currency's 2 decimals (`1,234.56`), the currency named in the amount
 *   column's head.
 * - A DRAFT (not confirmed) has no number: it prints "DRAFT" / "草稿" in its place, no barcode, and a large grey
 *   "DRAFT" across every page; its lines are the draft's as last run (they change until it is confirmed).
 *
 * Loading checks nothing: ./routes.ts checked the code (`billing:list`) and the owner scope when it minted the address.
 */
import type { Lang } from '../../../shared/validation';
import { InvoiceStatus } from '../../../../generated/shared/enums';
import type { Db } from '../../db/connect';
import { enumText, invoiceLines, money, qtyText, rowsAsJson } from '../billing/invoice-text';
import { cols, drawSheet, label, wall } from './documents';
import { drawLine } from './pdf-text';

type L2 = Record<Lang, string>;
const words = {
  title: { en: 'Invoice', zh: '账单' },
  draft: { en: 'DRAFT', zh: '草稿' },
  seller: { en: 'Seller', zh: '开票方' },
  billTo: { en: 'Bill to', zh: '付款方' },
  contact: { en: 'Contact', zh: '联系人' },
  address: { en: 'Address', zh: '地址' },
  issued: { en: 'Issue date', zh: '开票日期' },
  no: { en: 'No.', zh: '序号' },
  total: { en: 'Total', zh: '合计' },
} satisfies Record<string, L2>;

/** A row's text column, '' when absent or empty (columns read defensively: the owner may gain an address later). */
const text = (row: Record<string, unknown> | undefined, key: string): string => (typeof row?.[key] === 'string' ? (row[key] as string).trim() : '');

/** The invoice PDF of invoice `id` (which exists: the caller checked it), a pdfkit document not yet ended. */
export async function invoiceSheet(db: Db, id: number, lang: Lang, tzHours: number): Promise<PDFKit.PDFDocument> {
  const [inv] = await rowsAsJson(db, 'wms_invoice', 't.id = $1::int', [id]);
  const [o] = await rowsAsJson(db, 'wms_owner', 't.id = $1::int', [Number(inv.owner_id)]);
  const [c] = await rowsAsJson(db, 'wms_company', 't.id = $1::int', [Number(inv.company_id ?? o?.company_id ?? 0)]);
  const lines = await invoiceLines(db, id);
  const I = (f: string) => label(lang, 'invoice', f);
  const LL = (f: string) => label(lang, 'invoiceLine', f);
  const confirmed = Number(inv.status) === InvoiceStatus.CONFIRMED && typeof inv.invoice_no === 'string' && inv.invoice_no !== '';
  const number = confirmed ? String(inv.invoice_no) : words.draft[lang];
  const currency = enumText('Currency', inv.currency, lang);
  const issued = confirmed && inv.confirm_date ? wall(new Date(inv.confirm_date as string), tzHours).slice(0, 10) : wall(new Date(), tzHours).slice(0, 10);
  const owner = `${text(o, 'name')}${text(o, 'code') ? ` (${text(o, 'code')})` : ''}`;
  const contact = [text(o, 'contact_name'), text(o, 'contact_phone'), text(o, 'email')].filter(Boolean).join(' · ');
  const address = ['address', 'city', 'province', 'postcode', 'country_code'].map((k) => text(o, k)).filter(Boolean).join(', ');
  const fields: Array<[string, string] | [string, string, 'wide']> = [
    [words.seller[lang], text(c, 'name'), 'wide'],
    [words.billTo[lang], owner, 'wide'],
    ...(contact ? [[words.contact[lang], contact, 'wide'] as [string, string, 'wide']] : []),
    ...(address ? [[words.address[lang], address, 'wide'] as [string, string, 'wide']] : []),
    [I('invoiceNo'), number], [I('month'), String(inv.month)],
    [I('status'), enumText('InvoiceStatus', inv.status, lang)], [I('currency'), currency],
    [words.issued[lang], issued], ...(confirmed ? [[I('confirmUserName'), String(inv.confirm_user_name ?? '')] as [string, string]] : []),
  ];
  const rows: string[][] = [];
  for (const [i, l] of lines.entries()) {
    rows.push([String(i + 1), enumText('ChargeKind', l.kind, lang), String(l.charges), qtyText(l.qty), money(l.amount)]);
    if (l.reason) rows.push(['', `  ${l.reason}`, '', '', '']);
  }
  const total = lines.reduce((a, l) => a + BigInt(l.amount), 0n);
  const doc = await drawSheet({
    kind: 'invoice', number, title: words.title, barcode: confirmed, fields,
    sections: [{
      columns: cols([[words.no[lang], 0.07, 'right'], [LL('kind'), 0.45], [LL('charges'), 0.12, 'right'], [LL('qty'), 0.16, 'right'], [`${LL('amount')} (${currency})`, 0.2, 'right']]),
      rows,
      total: ['', words.total[lang], String(lines.reduce((a, l) => a + l.charges, 0)), '', money(total)],
    }],
    signatures: [],
  }, lang, tzHours);
  if (!confirmed) watermark(doc, words.draft[lang]);
  return doc;
}

/** A large light-grey `text` across the middle of every page (the document's pages are buffered). */
function watermark(doc: PDFKit.PDFDocument, text: string): void {
  const range = doc.bufferedPageRange();
  for (let p = range.start; p < range.start + range.count; p++) {
    doc.switchToPage(p);
    const { width, height } = doc.page;
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    doc.save();
    doc.rotate(-35, { origin: [width / 2, height / 2] });
    doc.fillColor('#d0d0d0').opacity(0.5);
    drawLine(doc, text, 0, height / 2 - 40, { size: 80, bold: true, width, align: 'center' });
    doc.restore();
    doc.fillColor('black').opacity(1);
    doc.page.margins = margins;
  }
}
