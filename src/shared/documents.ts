/**
 * Limits of stock documents' lines (adjustments, inbound and outbound orders), shared by the server's
 * checks (src/server/domain/documents.ts) and the console's forms, so both refuse the same input.
 */
/** At most this many lines per document. */
export const MAX_LINES = 500;
/** The largest quantity one line may carry (whole units). */
export const QTY_MAX = 1_000_000_000;
