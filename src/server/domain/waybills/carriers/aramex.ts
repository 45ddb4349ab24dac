/**
 * Aramex through its Shipping Services API 1.0, JSON binding (docs/waybills.md "Aramex"):
 * - `POST {base}/Shipping/Service_1_0.svc/json/CreateShipments`: ClientInfo (UserName, Password, Version,
 *   AccountNumber, AccountPin, AccountEntity, AccountCountryCode, Source), LabelInfo (ReportID 9201, ReportType
 *   RPT: the label comes back in the answer), Shipments[1], Transaction. Answer: HasErrors, Notifications
 *   [{Code, Message}], Shipments[{ID, HasErrors, Notifications, ShipmentLabel {LabelURL, LabelFileContents}}].
 * - `POST {base}/Tracking/Service_1_0.svc/json/TrackShipments`: ClientInfo, Shipments (waybill numbers),
 *   GetLastTrackingUpdateOnly. Answer: TrackingResults [{Key: waybill, Value: [{UpdateCode, UpdateDescription,
 *   UpdateDateTime "/Date(ms+zone)/", UpdateLocation}]}].
 * The API has no call that cancels a shipment (only CancelPickup, for pickups, which we do not book), and no
 * search by reference, so a create whose outcome is unknown is not repeated (CarrierError 'unknown').
 *
 * Configuration types: shipmentType = ProductGroup (DOM, EXP; default DOM when shipper and receiver share a
 * country), serviceType = ProductType (default ONP domestic, PPX abroad), orderType = PaymentType (default P,
 * prepaid), deliveryType = extra Services codes (comma-separated; CODS is added for COD, INSR for insurance).
 */
import { carrierCall } from './http';
import { CarrierError, type CancelResult, type CarrierAccount, type CarrierAdapter, type CreatedShipment, type DeliveryOutcome, type ShipmentRequest, type TrackResult } from './types';

export const ARAMEX_URLS = { sandbox: 'https://ws.sbx.aramex.net/ShippingAPI.V2', production: 'https://ws.aramex.net/ShippingAPI.V2' };

/** Update codes that mean the parcel reached the receiver (SH005 delivered, SH006 collected by the consignee). */
const DELIVERED = new Set(['SH005', 'SH006']);
/** Returned to the shipper (not delivered); also recognised by its description. */
const RETURNED = new Set(['SH069']);

interface Notification { Code?: string; Message?: string }
interface AramexAnswer { HasErrors?: boolean; Notifications?: Notification[] | null }

/** Aramex's WCF date: `/Date(<ms since 1970>)/`. */
export const wcfDate = (d: Date) => `/Date(${d.getTime()})/`;
/** The instant of `/Date(1484231188000+0300)/` (the offset only says the local zone; ms are UTC). */
export function readWcfDate(v: unknown): Date | null {
  const m = typeof v === 'string' ? /\/Date\((-?\d+)([+-]\d{4})?\)\//.exec(v) : null;
  return m ? new Date(Number(m[1])) : null;
}

const words = (list: Notification[] | null | undefined) => (list ?? []).map((n) => [n.Code, n.Message].filter(Boolean).join(' ')).filter(Boolean).join('; ');
const AUTH = /user ?name|password|account pin|authenticat|not authori[sz]ed/i;

export function aramexAdapter(acc: CarrierAccount): CarrierAdapter {
  const clientInfo = () => ({
    UserName: acc.userName ?? '', Password: acc.password ?? '', Version: 'v1.0', AccountNumber: acc.accountNumber ?? '',
    AccountPin: acc.accountPin ?? '', AccountEntity: acc.accountEntity ?? '', AccountCountryCode: acc.accountCountryCode ?? '', Source: 24,
  });
  const post = async (path: string, body: unknown, safe: boolean) => {
    const answer = await carrierCall({ method: 'POST', url: `${acc.baseUrl.replace(/\/$/, '')}${path}`, body, timeoutMs: acc.timeoutMs, retries: acc.retries, safe });
    const json = answer.json as (AramexAnswer & Record<string, unknown>) | null;
    if (!json || typeof json !== 'object') throw new CarrierError('protocol', `HTTP ${answer.status} ${answer.text.slice(0, 200)}`.trim());
    return json;
  };

  async function label(shipment: Record<string, unknown>): Promise<Buffer> {
    const l = (shipment.ShipmentLabel ?? {}) as { LabelFileContents?: unknown; LabelURL?: string | null };
    // WCF writes byte[] as an array of numbers; accept base64 text too
    if (Array.isArray(l.LabelFileContents) && l.LabelFileContents.length) return Buffer.from(l.LabelFileContents as number[]);
    if (typeof l.LabelFileContents === 'string' && l.LabelFileContents) return Buffer.from(l.LabelFileContents, 'base64');
    if (l.LabelURL) {
      const res = await fetch(l.LabelURL, { signal: AbortSignal.timeout(acc.timeoutMs) });
      if (res.ok) return Buffer.from(await res.arrayBuffer());
    }
    throw new CarrierError('protocol', 'the answer holds no label');
  }

  return {
    async create(req: ShipmentRequest): Promise<CreatedShipment> {
      const domestic = req.shipper.countryCode === req.receiver.countryCode;
      const group = acc.shipmentType || (domestic ? 'DOM' : 'EXP');
      const services = new Set((acc.deliveryType ?? '').split(',').map((s) => s.trim()).filter(Boolean));
      if (req.cod) services.add('CODS');
      if (req.insurance) services.add('INSR');
      const money = (m: { amountCents: number; currency: string } | null) => (m ? { CurrencyCode: m.currency, Value: m.amountCents / 100 } : null);
      const party = (p: { name: string; phone: string; phone2?: string | null; email?: string | null; countryCode: string; province?: string | null; city: string; postcode?: string | null; address: string }, extra: Record<string, unknown> = {}) => ({
        ...extra,
        PartyAddress: { Line1: p.address, Line2: '', Line3: '', City: p.city, StateOrProvinceCode: p.province ?? '', PostCode: p.postcode ?? '', CountryCode: p.countryCode },
        Contact: { PersonName: p.name, CompanyName: p.name, PhoneNumber1: p.phone, PhoneNumber2: p.phone2 ?? '', CellPhone: p.phone, EmailAddress: p.email ?? '' },
      });
      const body = {
        ClientInfo: clientInfo(),
        LabelInfo: { ReportID: 9201, ReportType: 'RPT' },
        Shipments: [{
          Reference1: req.reference, Reference2: req.orderNo, Reference3: '',
          Shipper: party(req.shipper, { Reference1: req.orderNo, AccountNumber: acc.accountNumber ?? '' }),
          Consignee: party(req.receiver),
          ShippingDateTime: wcfDate(req.shipDate), DueDate: wcfDate(req.shipDate),
          Comments: req.openBox ? 'Open box allowed' : '',
          Details: {
            ActualWeight: { Unit: 'KG', Value: req.weightKg },
            DescriptionOfGoods: req.description, GoodsOriginCountry: req.shipper.countryCode, NumberOfPieces: req.parcels,
            ProductGroup: group, ProductType: acc.serviceType || (group === 'DOM' ? 'ONP' : 'PPX'),
            PaymentType: acc.orderType || 'P', PaymentOptions: '', Services: [...services].join(','),
            CashOnDeliveryAmount: money(req.cod), InsuranceAmount: money(req.insurance), CustomsValueAmount: null, CollectAmount: null,
          },
        }],
        Transaction: { Reference1: req.reference, Reference2: '', Reference3: '', Reference4: '', Reference5: '' },
      };
      const json = await post('/Shipping/Service_1_0.svc/json/CreateShipments', body, false);
      const shipment = ((json.Shipments as Array<Record<string, unknown>> | undefined) ?? [])[0];
      const problems = [words(json.Notifications), words(shipment?.Notifications as Notification[])].filter(Boolean).join('; ');
      if (json.HasErrors || shipment?.HasErrors || !shipment) {
        throw new CarrierError(AUTH.test(problems) ? 'auth' : shipment || json.HasErrors ? 'refused' : 'protocol', problems || 'no shipment in the answer');
      }
      if (typeof shipment.ID !== 'string' || !shipment.ID) throw new CarrierError('protocol', 'the answer holds no waybill number');
      return { waybillNo: shipment.ID, label: await label(shipment) };
    },
    // no search by reference in the Shipping Services API: the outcome of an unclear create cannot be learned
    findByReference: async () => undefined,
    async cancel(): Promise<CancelResult> {
      return { atCarrier: false, message: 'Aramex Shipping Services API 1.0 has no call that cancels a shipment: ask Aramex to void it if it was handed over' };
    },
    async track(waybillNos: string[]): Promise<TrackResult[]> {
      const json = await post('/Tracking/Service_1_0.svc/json/TrackShipments', { ClientInfo: clientInfo(), GetLastTrackingUpdateOnly: false, Shipments: waybillNos, Transaction: { Reference1: '', Reference2: '', Reference3: '', Reference4: '', Reference5: '' } }, true);
      if (json.HasErrors) throw new CarrierError(AUTH.test(words(json.Notifications)) ? 'auth' : 'refused', words(json.Notifications) || 'tracking refused');
      const results = (json.TrackingResults as Array<{ Key?: string; Value?: Array<Record<string, unknown>> }> | undefined) ?? [];
      return results.filter((r) => typeof r.Key === 'string').map((r) => {
        const events = (r.Value ?? []).map((u) => ({
          at: readWcfDate(u.UpdateDateTime) ?? new Date(0), code: String(u.UpdateCode ?? ''), description: String(u.UpdateDescription ?? ''),
          location: typeof u.UpdateLocation === 'string' ? u.UpdateLocation : null,
        })).sort((a, b) => a.at.getTime() - b.at.getTime());
        const latest = events.at(-1);
        let delivery: DeliveryOutcome = null;
        if (events.some((e) => DELIVERED.has(e.code))) delivery = 1;
        else if (latest && (RETURNED.has(latest.code) || /returned to shipper/i.test(latest.description))) delivery = 3;
        return { waybillNo: r.Key as string, events, status3pl: latest ? latest.description || latest.code : null, delivery };
      });
    },
  };
}
