/**
 * Limits of stock documents' lines (adjustments, inbound and outbound orders), shared by the server's
 * checks (src/server/domain/documents.ts) and the console's forms, so both refuse the same input.
 */
import { inboundPackageMeta } from '../../generated/shared/resources/inboundPackage';
import { outboundPackageMeta } from '../../generated/shared/resources/outboundPackage';

/** At most this many lines per document. */
export const MAX_LINES = 500;
/** The largest quantity one line may carry (whole units). */
export const QTY_MAX = 1_000_000_000;

/**
 * Order states in which an order's packages may be added, changed or removed (issue 5): inbound before and
 * during receiving; outbound until it is packed. Declared once in resources.yaml (`<kind>Package.screen.editable`,
 * the states of the package's order), where the pack lists offer edit and delete by them; the server enforces
 * them (domain/packages.ts) and the order lists and the shipping screen offer "create package" only then.
 */
export const PACKAGE_OPEN_STATES = {
  inbound: inboundPackageMeta.screen.editable.states,
  outbound: outboundPackageMeta.screen.editable.states,
} as const;
