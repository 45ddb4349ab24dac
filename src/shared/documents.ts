/**
 * Limits of stock documents' lines (adjustments, inbound and outbound orders), shared by the server's
 * checks (src/server/domain/documents.ts) and the console's forms, so both refuse the same input.
 */
import { InboundOrderStatus, OutboundOrderStatus } from '../../generated/shared/enums';

/** At most this many lines per document. */
export const MAX_LINES = 500;
/** The largest quantity one line may carry (whole units). */
export const QTY_MAX = 1_000_000_000;

/**
 * Order states in which an order's packages may be added, changed or removed (issue 5): inbound before and
 * during receiving; outbound until it is packed. The server enforces them (domain/packages.ts), the console
 * offers the package actions only then.
 */
export const PACKAGE_OPEN_STATES = {
  inbound: [InboundOrderStatus.CREATED, InboundOrderStatus.RECEIVING],
  outbound: [OutboundOrderStatus.CREATED, OutboundOrderStatus.ALLOCATED, OutboundOrderStatus.PICKING],
} as const;
