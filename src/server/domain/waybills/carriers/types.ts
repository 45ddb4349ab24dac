/**
 * The one adapter interface every carrier implements (issue 17; docs/waybills.md): create a shipment (-> waybill
 * number + label PDF), cancel it, track it. Units: money in cents of its currency (the product's rule) and
 * turned into the carrier's decimal amount by the adapter; weight in kg; timeouts in ms.
 *
 * Errors: everything that goes wrong is a {@link CarrierError} whose `message` is the carrier's own words
 * (or ours for transport problems), so the proxy can show it instead of a 500.
 */
import type { Lang } from '../../../../shared/validation';

/** The spec 3 waybill creation fields, as the adapter sends them. */
export interface ShipmentRequest {
  /** Our idempotency key: sent in the carrier's reference field, so a retried create can find the first one. */
  reference: string;
  /** The outbound order's number (a second reference where the carrier has one). */
  orderNo: string;
  receiver: { name: string; phone: string; phone2?: string | null; email?: string | null; countryCode: string; province?: string | null; city: string; postcode?: string | null; address: string };
  shipper: { name: string; phone: string; countryCode: string; city: string; address: string; postcode?: string | null };
  /** Cash on delivery in cents, null/0 = none; currency ISO code (SAR, AED, ...). */
  cod: { amountCents: number; currency: string } | null;
  insurance: { amountCents: number; currency: string } | null;
  openBox: boolean;
  weightKg: number;
  parcels: number;
  description: string;
  /** When the shipment is handed over (ShipDate / ShippingDateTime). */
  shipDate: Date;
}

/** A created shipment. */
export interface CreatedShipment {
  waybillNo: string;
  /** The label as PDF bytes. */
  label: Buffer;
  /**
   * The carrier's rated cost of the shipment (cents of an ISO currency) when its answer carries one; stored on the
   * waybill (`carrierCost`) and charged to the goods owner with the card's markup (billing). Neither SMSA's nor
   * Aramex's create answer carries a rate today (Aramex rates through a separate Rate Calculator call), so the
   * adapters leave it out and the operator enters the cost (/sapi/wms/waybill/cost).
   */
  cost?: { amountCents: number; currency: string } | null;
}

/** Our delivery status (manifest enum DeliveryStatus values) or null while the parcel is on its way. */
export type DeliveryOutcome = 1 | 2 | 3 | null;

/** One tracking update, newest last after {@link TrackResult} sorting. */
export interface TrackEvent { at: Date; code: string; description: string; location: string | null }

export interface TrackResult {
  waybillNo: string;
  events: TrackEvent[];
  /** The latest update in words (stored as the order's status3pl), null when the carrier has none yet. */
  status3pl: string | null;
  delivery: DeliveryOutcome;
}

export interface CancelResult {
  /** True when the carrier confirmed the cancellation; false when its API has no such call (see the adapter). */
  atCarrier: boolean;
  message: string;
}

/** Where and how an adapter calls its carrier (from a carrier configuration, credentials opened). */
export interface CarrierAccount {
  baseUrl: string;
  timeoutMs: number;
  /** Transport retries after the first attempt (bounded; see http.ts for which failures are retried). */
  retries: number;
  shipmentType: string | null;
  orderType: string | null;
  serviceType: string | null;
  deliveryType: string | null;
  userName: string | null;
  password: string | null;
  accountNumber: string | null;
  accountPin: string | null;
  accountEntity: string | null;
  accountCountryCode: string | null;
  apiKey: string | null;
}

export interface CarrierAdapter {
  /**
   * Creates one shipment. After a failure whose outcome is unknown (timeout, reset, 5xx) it may only create again
   * once it has made sure the first attempt left nothing behind (findByReference), else it throws
   * CarrierError('unknown').
   */
  create(req: ShipmentRequest): Promise<CreatedShipment>;
  /** A shipment made earlier under our reference, or null when the carrier has none; undefined = cannot tell. */
  findByReference(reference: string): Promise<CreatedShipment | null | undefined>;
  cancel(waybillNo: string): Promise<CancelResult>;
  track(waybillNos: string[]): Promise<TrackResult[]>;
}

/**
 * Kinds: `refused` the carrier answered and said no (its message); `auth` credentials refused; `transport` no
 * answer (nothing was created); `unknown` the request may have reached the carrier and we could not learn
 * whether it created something; `protocol` an answer we cannot read.
 */
export type CarrierErrorKind = 'refused' | 'auth' | 'transport' | 'unknown' | 'protocol';

export class CarrierError extends Error {
  constructor(readonly kind: CarrierErrorKind, message: string) { super(message); }
}

/**
 * The words of a carrier error for the console, the carrier's own message kept as it is. A transport failure
 * says what to do instead of the socket's words ("getaddrinfo ENOTFOUND ..." told a clerk nothing; issue 27).
 */
export function carrierErrorText(e: CarrierError, company: string, lang: Lang): string {
  if (e.kind === 'transport') {
    return lang === 'zh' ? `无法连接${company}：未创建运单。请检查网络后重试，或稍后再试` : `${company} could not be reached: no waybill was created. Check the network connection and try again, or try later`;
  }
  const intro = {
    refused: { en: `${company} refused the shipment`, zh: `${company}拒绝了该运单` },
    auth: { en: `${company} refused the account's credentials`, zh: `${company}拒绝了账号凭据` },
    unknown: { en: `${company} did not answer in time; whether it created a waybill is not known`, zh: `${company}未及时应答，无法确定是否已创建运单` },
    protocol: { en: `${company} answered in a form we cannot read`, zh: `${company}的应答无法解析` },
  }[e.kind][lang];
  return `${intro}: ${e.message}`;
}
