/**
 * A test double of SMSA Express's e-commerce API, checking requests the way its documentation describes them
 * (docs/waybills.md "SMSA Express"):
 * - every call carries the account's key in the `apikey` header (else 401, no body);
 * - POST /api/shipment/b2c/new: ConsigneeAddress and ShipperAddress with ContactName (5-150 characters),
 *   ContactPhoneNumber, Country (ISO), City (3-50), AddressLine1 (10-100); OrderNumber (at most 50),
 *   DeclaredValue, CODAmount (numbers), Parcels (whole, >= 1), ShipDate (yyyy-MM-ddTHH:mm:ss),
 *   ShipmentCurrency (ISO), Weight (> 0), WeightUnit KG|LB, ContentDescription, WaybillType PDF|ZPL. Problems:
 *   400 with {title, status, errors: {field: [messages]}}. Success: {sawb, createDate, shipmentParcelsCount,
 *   waybills: [{awb, awbFile: base64 PDF}]};
 * - GET /api/track/reference/{OrderNumber}, GET /api/shipment/b2c/query/{AWB}, POST /api/track/bulk/ [AWBs].
 */
import { LABEL_PDF, startFake, type FakeRequest, type FakeServer } from './fake-server';

export const SMSA_KEY = 'b60dbb7bc50a4331a3411c820c08dffc';

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface SmsaFake extends FakeServer {
  /** Created shipments by sawb: the request body and its scans. */
  shipments: Map<string, { request: Obj; scans: Obj[] }>;
  scan(sawb: string, type: string, description: string, at?: string): void;
}

const len = (v: unknown, min: number, max: number) => typeof v === 'string' && v.trim().length >= min && v.trim().length <= max;

function problems(b: Obj): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, msg: string) => { (errors[field] ??= []).push(msg); };
  for (const part of ['ConsigneeAddress', 'ShipperAddress']) {
    const a = b[part];
    if (!a || typeof a !== 'object') { add(part, `The ${part} field is required.`); continue; }
    if (!len(a.ContactName, 5, 150)) add(`${part}.ContactName`, 'ContactName length must be between 5 and 150 characters.');
    if (!len(a.ContactPhoneNumber, 1, 50)) add(`${part}.ContactPhoneNumber`, 'The ContactPhoneNumber field is required.');
    if (!/^[A-Z]{2}$/.test(a.Country ?? '')) add(`${part}.Country`, 'Country must be an ISO country code.');
    if (!len(a.City, 3, 50)) add(`${part}.City`, 'City length must be between 3 and 50 characters.');
    if (!len(a.AddressLine1, 10, 100)) add(`${part}.AddressLine1`, 'AddressLine1 length must be between 10 and 100 characters.');
  }
  if (!len(b.OrderNumber, 1, 50)) add('OrderNumber', 'The OrderNumber field is required.');
  for (const k of ['DeclaredValue', 'CODAmount', 'Weight']) if (typeof b[k] !== 'number') add(k, `The ${k} field is required.`);
  if (!(b.Weight > 0)) add('Weight', 'Weight must be greater than 0.');
  if (!(Number.isInteger(b.Parcels) && b.Parcels >= 1)) add('Parcels', 'Parcels must be at least 1.');
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(b.ShipDate ?? '')) add('ShipDate', 'The ShipDate field is not a valid date.');
  if (!/^[A-Z]{3}$/.test(b.ShipmentCurrency ?? '')) add('ShipmentCurrency', 'ShipmentCurrency must be an ISO currency code.');
  if (!['KG', 'LB'].includes(b.WeightUnit)) add('WeightUnit', 'Only KG / LB are allowed.');
  if (!len(b.ContentDescription, 1, 500)) add('ContentDescription', 'The ContentDescription field is required.');
  if (b.WaybillType !== undefined && !['PDF', 'ZPL'].includes(b.WaybillType)) add('WaybillType', 'WaybillType must be PDF or ZPL.');
  return errors;
}

export async function startSmsaFake(): Promise<SmsaFake> {
  const shipments: SmsaFake['shipments'] = new Map();
  let next = 231200021000;
  const created = (sawb: string) => ({ sawb, createDate: '2026-11-24T10:40:53', shipmentParcelsCount: shipments.get(sawb)!.request.Parcels, waybills: [{ awb: String(Number(sawb) + 1), awbFile: LABEL_PDF.toString('base64') }] });
  const tracking = (sawb: string) => {
    const s = shipments.get(sawb)!;
    const delivered = s.scans.some((x) => x.ScanType === 'DL');
    return {
      AWB: sawb, Reference: s.request.OrderNumber, Pieces: s.request.Parcels, CODAmount: s.request.CODAmount, ContentDesc: s.request.ContentDescription,
      RecipientName: s.request.ConsigneeAddress.ContactName, OriginCity: s.request.ShipperAddress.City, OriginCountry: s.request.ShipperAddress.Country,
      DesinationCity: s.request.ConsigneeAddress.City, DesinationCountry: s.request.ConsigneeAddress.Country,
      ...(delivered ? { isDelivered: true } : {}), Scans: [...s.scans].reverse(),
    };
  };
  const route = (r: FakeRequest) => {
    if (r.headers.apikey !== SMSA_KEY) return { status: 401 };
    if (r.method === 'POST' && r.path === '/api/shipment/b2c/new') {
      const b = (r.body ?? {}) as Obj;
      const errors = problems(b);
      if (Object.keys(errors).length) return { status: 400, body: { type: 'https://tools.ietf.org/html/rfc7231#section-6.5.1', title: 'One or more validation errors occurred.', status: 400, errors } };
      const sawb = String(next);
      next += 1000;
      shipments.set(sawb, { request: b, scans: [] });
      return { status: 200, body: created(sawb) };
    }
    let m = /^\/api\/track\/reference\/(.+)$/.exec(r.path);
    if (r.method === 'GET' && m) {
      const ref = decodeURIComponent(m[1]);
      const hit = [...shipments.entries()].find(([, s]) => s.request.OrderNumber === ref);
      return hit ? { status: 200, body: tracking(hit[0]) } : { status: 404, text: 'Shipment not found' };
    }
    m = /^\/api\/shipment\/b2c\/query\/(.+)$/.exec(r.path);
    if (r.method === 'GET' && m) return shipments.has(m[1]) ? { status: 200, body: created(m[1]) } : { status: 404, text: 'Shipment not found' };
    if (r.method === 'POST' && r.path === '/api/track/bulk/') {
      const nos = Array.isArray(r.body) ? (r.body as string[]) : [];
      return { status: 200, body: nos.filter((n) => shipments.has(n)).map(tracking) };
    }
    return { status: 404 };
  };
  const fake = await startFake(route);
  return Object.assign(fake, {
    shipments,
    scan(sawb: string, type: string, description: string, at = '2026-11-25T10:00:00') {
      shipments.get(sawb)!.scans.push({ City: 'Riyadh', ScanType: type, ScanDescription: description, ScanDateTime: at, ScanTimeZone: '+03:00', ...(type === 'DL' ? { ReceivedBy: 'Sara' } : {}) });
    },
  });
}
