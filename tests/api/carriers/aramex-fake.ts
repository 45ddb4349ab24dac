/**
 * A test double of Aramex's Shipping Services API 1.0 (JSON binding), checking requests the way the API
 * manual describes them (docs/waybills.md "Aramex"):
 * - every call: POST, JSON, a ClientInfo with UserName, Password, Version, AccountNumber, AccountPin,
 *   AccountEntity, AccountCountryCode and Source, matching the account (else HasErrors with a notification);
 * - CreateShipments: LabelInfo {ReportID, ReportType RPT|URL}; exactly the shipments sent; per shipment
 *   Shipper and Consignee with PartyAddress Line1, City, CountryCode and Contact PersonName, PhoneNumber1,
 *   CellPhone; ShippingDateTime as /Date(ms)/; Details with ActualWeight {Unit KG|LB, Value > 0},
 *   NumberOfPieces >= 1, ProductGroup EXP|DOM, ProductType, PaymentType P|C|3, and a CashOnDeliveryAmount
 *   {CurrencyCode, Value > 0} when Services holds CODS. Problems come back as the shipment's Notifications
 *   with HasErrors, as the API does (HTTP 200);
 * - TrackShipments: Shipments (waybill numbers) -> TrackingResults [{Key, Value: updates}], NonExistingWaybills.
 */
import { LABEL_PDF, startFake, type FakeRequest, type FakeServer } from './fake-server';

export const ARAMEX_ACCOUNT = { userName: 'api@shipper.test', password: 'Aramex-pass-1', accountNumber: '20016', accountPin: '331421', accountEntity: 'RUH', accountCountryCode: 'SA' };

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface AramexFake extends FakeServer {
  /** Created shipments by waybill number: the request's shipment and its tracking updates. */
  shipments: Map<string, { shipment: Obj; updates: Obj[] }>;
  /** Adds a tracking update (UpdateCode e.g. SH005 delivered) to a shipment. */
  update(waybillNo: string, code: string, description: string, at?: Date): void;
}

const note = (Code: string, Message: string) => ({ Code, Message });
const filled = (v: unknown) => typeof v === 'string' && v.trim().length > 0;

function clientInfoProblems(ci: Obj | undefined): Obj[] {
  if (!ci || typeof ci !== 'object') return [note('ERR01', 'ClientInfo is required')];
  for (const k of ['UserName', 'Password', 'Version', 'AccountNumber', 'AccountPin', 'AccountEntity', 'AccountCountryCode']) {
    if (!filled(ci[k])) return [note('ERR01', `ClientInfo.${k} is required`)];
  }
  if (typeof ci.Source !== 'number') return [note('ERR01', 'ClientInfo.Source must be a number')];
  const a = ARAMEX_ACCOUNT;
  if (ci.UserName !== a.userName || ci.Password !== a.password) return [note('ERR02', 'Invalid UserName or Password')];
  if (ci.AccountNumber !== a.accountNumber || ci.AccountPin !== a.accountPin || ci.AccountEntity !== a.accountEntity || ci.AccountCountryCode !== a.accountCountryCode) {
    return [note('ERR03', 'Invalid Account Number, Pin, Entity or Country Code')];
  }
  return [];
}

function shipmentProblems(s: Obj): Obj[] {
  const out: Obj[] = [];
  for (const role of ['Shipper', 'Consignee']) {
    const p = s[role] ?? {};
    for (const k of ['Line1', 'City', 'CountryCode']) if (!filled(p.PartyAddress?.[k])) out.push(note('ERR52', `${role}.PartyAddress.${k} is required`));
    for (const k of ['PersonName', 'PhoneNumber1', 'CellPhone']) if (!filled(p.Contact?.[k])) out.push(note('ERR53', `${role}.Contact.${k} is required`));
  }
  if (!/^\/Date\(\d+([+-]\d{4})?\)\/$/.test(String(s.ShippingDateTime))) out.push(note('ERR06', 'ShippingDateTime is not a valid date'));
  const d = s.Details ?? {};
  if (!['KG', 'LB'].includes(d.ActualWeight?.Unit) || !(d.ActualWeight?.Value > 0)) out.push(note('ERR20', 'Details.ActualWeight must be a positive weight in KG or LB'));
  if (!(Number.isInteger(d.NumberOfPieces) && d.NumberOfPieces >= 1)) out.push(note('ERR21', 'Details.NumberOfPieces must be at least 1'));
  if (!['EXP', 'DOM'].includes(d.ProductGroup)) out.push(note('ERR22', 'Details.ProductGroup must be EXP or DOM'));
  if (!filled(d.ProductType)) out.push(note('ERR23', 'Details.ProductType is required'));
  if (!['P', 'C', '3'].includes(d.PaymentType)) out.push(note('ERR24', 'Details.PaymentType must be P, C or 3'));
  const services = String(d.Services ?? '').split(',').map((x: string) => x.trim());
  if (services.includes('CODS') && !(/^[A-Z]{3}$/.test(d.CashOnDeliveryAmount?.CurrencyCode ?? '') && d.CashOnDeliveryAmount?.Value > 0)) {
    out.push(note('ERR30', 'CashOnDeliveryAmount is required for the CODS service'));
  }
  // a receiver city Aramex does not serve, as the sandbox answers for an unknown city
  if (s.Consignee?.PartyAddress?.City === 'Atlantis') out.push(note('ERR52', 'Invalid Consignee City: Atlantis'));
  return out;
}

export async function startAramexFake(): Promise<AramexFake> {
  const shipments: AramexFake['shipments'] = new Map();
  let next = 46000000001;
  const route = (r: FakeRequest) => {
    const body = (r.body ?? {}) as Obj;
    if (r.method !== 'POST' || !String(r.headers['content-type']).startsWith('application/json') || r.body === undefined) {
      return { status: 400, text: 'The server encountered an error processing the request.' };
    }
    const auth = clientInfoProblems(body.ClientInfo);
    if (r.path.endsWith('/Shipping/Service_1_0.svc/json/CreateShipments')) {
      if (auth.length) return { status: 200, body: { Transaction: body.Transaction ?? null, Notifications: auth, HasErrors: true, Shipments: [] } };
      if (!body.LabelInfo || typeof body.LabelInfo.ReportID !== 'number' || !['RPT', 'URL'].includes(body.LabelInfo.ReportType)) {
        return { status: 200, body: { Transaction: body.Transaction ?? null, Notifications: [note('ERR40', 'LabelInfo is not valid')], HasErrors: true, Shipments: [] } };
      }
      const list = Array.isArray(body.Shipments) ? body.Shipments : [];
      const processed = list.map((s: Obj) => {
        const problems = shipmentProblems(s);
        if (problems.length) return { ID: null, Reference1: s.Reference1 ?? null, HasErrors: true, Notifications: problems, ShipmentLabel: null };
        const id = String(next++);
        shipments.set(id, { shipment: s, updates: [] });
        return { ID: id, Reference1: s.Reference1 ?? null, Reference2: s.Reference2 ?? null, Reference3: s.Reference3 ?? null, ForeignHAWB: null, HasErrors: false, Notifications: [], ShipmentLabel: { LabelURL: null, LabelFileContents: [...LABEL_PDF] }, ShipmentDetails: null };
      });
      const hasErrors = processed.some((p: Obj) => p.HasErrors);
      return { status: 200, body: { Transaction: body.Transaction ?? null, Notifications: [], HasErrors: hasErrors, Shipments: processed } };
    }
    if (r.path.endsWith('/Tracking/Service_1_0.svc/json/TrackShipments')) {
      if (auth.length) return { status: 200, body: { Transaction: null, Notifications: auth, HasErrors: true, TrackingResults: [], NonExistingWaybills: [] } };
      const nos: string[] = Array.isArray(body.Shipments) ? body.Shipments : [];
      const known = nos.filter((n) => shipments.has(n));
      return {
        status: 200,
        body: {
          Transaction: body.Transaction ?? null, Notifications: [], HasErrors: false,
          TrackingResults: known.map((n) => ({ Key: n, Value: shipments.get(n)!.updates })),
          NonExistingWaybills: nos.filter((n) => !shipments.has(n)),
        },
      };
    }
    return { status: 404, text: 'Endpoint not found.' };
  };
  const fake = await startFake(route);
  return Object.assign(fake, {
    shipments,
    update(waybillNo: string, code: string, description: string, at = new Date()) {
      shipments.get(waybillNo)!.updates.push({ WaybillNumber: waybillNo, UpdateCode: code, UpdateDescription: description, UpdateDateTime: `/Date(${at.getTime()}+0300)/`, UpdateLocation: 'Riyadh', Comments: '', ProblemCode: '' });
    },
  });
}
