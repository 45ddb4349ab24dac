/**
 * The printable document kinds (issue 16) and the resource each prints from, apart from ./documents.ts so the
 * routes can check a request without loading pdfkit and bwip-js (~34 MB of memory; ./routes.ts loads the
 * renderer at the first document printed).
 */
export const PRINT_KINDS = ['pickList', 'packingList', 'inboundReceipt', 'outboundPackageLabel', 'inboundPackageLabel', 'countSheet', 'invoice'] as const;
export type PrintKind = (typeof PRINT_KINDS)[number];

/** What each kind prints from: the resource of its record (its table, scope and read codes). */
export const KIND_RESOURCE: Record<PrintKind, 'outboundOrder' | 'inboundOrder' | 'outboundPackage' | 'inboundPackage' | 'count' | 'invoice'> = {
  pickList: 'outboundOrder', packingList: 'outboundOrder', inboundReceipt: 'inboundOrder', outboundPackageLabel: 'outboundPackage', inboundPackageLabel: 'inboundPackage',
  // the cycle count sheet (issue 30): drawn by ./count-sheet.ts
  countSheet: 'count',
  // a goods owner's monthly invoice (issue 32): drawn by ./invoice.ts; owner scope only (it has no warehouse)
  invoice: 'invoice',
};
