/**
 * SMSA Express through its e-commerce REST API (docs/waybills.md "SMSA Express"); every call carries the
 * account's key in the `apikey` header:
 * - `POST /api/shipment/b2c/new`: ConsigneeAddress, ShipperAddress (ContactName, ContactPhoneNumber,
 *   ContactPhoneNumber2, Country, City, District, PostalCode, AddressLine1, AddressLine2), OrderNumber (our
 *   reference), DeclaredValue, CODAmount, Parcels, ShipDate, ShipmentCurrency, SMSARetailID, WaybillType PDF,
 *   Weight, WeightUnit KG, ContentDescription, VatPaid, DutyPaid, ServiceCode. Answer: {sawb, createDate,
 *   shipmentParcelsCount, waybills: [{awb, awbFile (base64 PDF)}]}; 400 {errors: {field: [messages]}}; 401.
 * - `GET /api/track/reference/{reference}`: the shipment made under an OrderNumber (how an unclear create is
 *   resolved); `GET /api/shipment/b2c/query/{AWB}`: its label again.
 * - `POST /api/track/bulk/` with the AWB list: [{AWB, isDelivered?, Scans: [{ScanType, ScanDescription,
 *   ScanDateTime, ScanTimeZone, City}]}].
 * Cancellation exists only for reverse pickups (`/api/c2b/cancel/{AWB}`), not for B2C shipments.
 *
 * Configuration types: serviceType = ServiceCode (e.g. EDDL), deliveryType = SMSARetailID (the SMSA office,
 * default 0); shipmentType and orderType are not used by this API.
 */
import { carrierCall, type HttpAnswer } from './http';
import { CarrierError, type CancelResult, type CarrierAccount, type CarrierAdapter, type CreatedShipment, type DeliveryOutcome, type ShipmentRequest, type TrackResult } from './types';

export const SMSA_URLS = { sandbox: 'https://ecomapis-sandbox.azurewebsites.net', production: 'https://ecomapis.smsaexpress.com' };

/** `2021-01-01T08:00:00` in Saudi time (UTC+3), the form the documentation shows. */
export function smsaDate(d: Date): string {
  return new Date(d.getTime() + 3 * 3600_000).toISOString().slice(0, 19);
}

/** The instant of a scan: its local time and its `+03:00` zone. */
function scanInstant(at: unknown, zone: unknown): Date {
  const z = typeof zone === 'string' && /^[+-]\d{2}:\d{2}$/.test(zone) ? zone : '+03:00';
  const d = typeof at === 'string' ? new Date(`${at.slice(0, 19)}${z}`) : new Date(NaN);
  return Number.isNaN(d.getTime()) ? new Date(0) : d;
}

/** The words of a refused call: the validation errors by field, a message, or the text. */
function refusal(a: HttpAnswer): string {
  const j = a.json as { errors?: Record<string, string[] | string>; message?: string; title?: string } | string | null;
  if (j && typeof j === 'object') {
    if (j.errors && typeof j.errors === 'object') return Object.entries(j.errors).map(([f, m]) => `${f}: ${Array.isArray(m) ? m.join(', ') : m}`).join('; ');
    if (j.message || j.title) return String(j.message ?? j.title);
  }
  if (typeof j === 'string') return j;
  return a.text.slice(0, 300) || `HTTP ${a.status}`;
}

export function smsaAdapter(acc: CarrierAccount): CarrierAdapter {
  const url = (path: string) => `${acc.baseUrl.replace(/\/$/, '')}${path}`;
  const call = (method: 'GET' | 'POST', path: string, body: unknown, safe: boolean) =>
    carrierCall({ method, url: url(path), headers: { apikey: acc.apiKey ?? '' }, body, timeoutMs: acc.timeoutMs, retries: acc.retries, safe });
  const fail = (a: HttpAnswer): never => { throw new CarrierError(a.status === 401 || a.status === 403 ? 'auth' : 'refused', refusal(a)); };

  function shipmentOf(a: HttpAnswer): CreatedShipment {
    const j = a.json as { sawb?: string; waybills?: Array<{ awb?: string; awbFile?: string }> } | null;
    const first = j?.waybills?.[0];
    const no = j?.sawb || first?.awb;
    if (!no || !first?.awbFile) throw new CarrierError('protocol', 'the answer holds no waybill number or label');
    return { waybillNo: String(no), label: Buffer.from(first.awbFile, 'base64') };
  }

  return {
    async create(req: ShipmentRequest): Promise<CreatedShipment> {
      const currency = req.cod?.currency ?? req.insurance?.currency ?? 'SAR';
      const body = {
        ConsigneeAddress: {
          ContactName: req.receiver.name, ContactPhoneNumber: req.receiver.phone, ContactPhoneNumber2: req.receiver.phone2 ?? '',
          Country: req.receiver.countryCode, District: req.receiver.province ?? '', PostalCode: req.receiver.postcode ?? '', City: req.receiver.city,
          AddressLine1: req.receiver.address, AddressLine2: req.openBox ? 'Open box allowed' : '',
        },
        ShipperAddress: {
          ContactName: req.shipper.name, ContactPhoneNumber: req.shipper.phone, Country: req.shipper.countryCode, PostalCode: req.shipper.postcode ?? '',
          City: req.shipper.city, AddressLine1: req.shipper.address, AddressLine2: '',
        },
        OrderNumber: req.reference,
        // the value declared for the shipment: the insured amount, else the amount collected
        DeclaredValue: (req.insurance?.amountCents ?? req.cod?.amountCents ?? 0) / 100,
        CODAmount: (req.cod?.amountCents ?? 0) / 100,
        Parcels: req.parcels,
        ShipDate: smsaDate(req.shipDate),
        ShipmentCurrency: currency,
        SMSARetailID: acc.deliveryType || '0',
        WaybillType: 'PDF',
        Weight: req.weightKg,
        WeightUnit: 'KG',
        ContentDescription: req.description,
        VatPaid: true,
        DutyPaid: false,
        ...(acc.serviceType ? { ServiceCode: acc.serviceType } : {}),
      };
      const a = await call('POST', '/api/shipment/b2c/new', body, false);
      if (a.status >= 300) fail(a);
      return shipmentOf(a);
    },
    async findByReference(reference: string) {
      try {
        const t = await call('GET', `/api/track/reference/${encodeURIComponent(reference)}`, undefined, true);
        if (t.status === 404 || (t.status < 300 && !t.json)) return null;
        const awb = (t.json as { AWB?: string } | null)?.AWB;
        if (t.status >= 300 || !awb) return undefined;
        const q = await call('GET', `/api/shipment/b2c/query/${encodeURIComponent(awb)}`, undefined, true);
        return q.status < 300 ? shipmentOf(q) : undefined;
      } catch {
        return undefined;
      }
    },
    async cancel(): Promise<CancelResult> {
      return { atCarrier: false, message: 'SMSA\'s e-commerce API cancels only reverse pickups (C2B): ask SMSA to void a B2C shipment that was handed over' };
    },
    async track(waybillNos: string[]): Promise<TrackResult[]> {
      const a = await call('POST', '/api/track/bulk/', waybillNos, true);
      if (a.status >= 300) fail(a);
      if (!Array.isArray(a.json)) throw new CarrierError('protocol', a.text.slice(0, 200));
      return (a.json as Array<Record<string, unknown>>).filter((r) => typeof r.AWB === 'string').map((r) => {
        const events = ((r.Scans as Array<Record<string, unknown>> | undefined) ?? []).map((s) => ({
          at: scanInstant(s.ScanDateTime, s.ScanTimeZone), code: String(s.ScanType ?? ''), description: String(s.ScanDescription ?? ''),
          location: typeof s.City === 'string' ? s.City : null,
        })).sort((x, y) => x.at.getTime() - y.at.getTime());
        const latest = events.at(-1);
        let delivery: DeliveryOutcome = null;
        if (r.isDelivered === true || events.some((e) => e.code === 'DL')) delivery = 1;
        else if (latest && /return(ed)? to (shipper|origin)/i.test(latest.description)) delivery = 3;
        return { waybillNo: r.AWB as string, events, status3pl: latest ? latest.description || latest.code : null, delivery };
      });
    },
  };
}
