/**
 * The pieces of the carrier adapters that need no carrier (issue 17): which address a configuration calls
 * (sandbox or production by the test-environment flag, its own API address over both), Aramex's WCF dates both
 * ways, SMSA's ship date in Saudi time, and the words of a carrier error in both languages.
 */
import { describe, expect, it } from 'vitest';
import { Carrier } from '../../generated/shared/enums';
import { accountOf, TRANSPORT_RETRIES, type CarrierConfigRow } from '../../src/server/domain/waybills/carriers';
import { ARAMEX_URLS, readWcfDate, wcfDate } from '../../src/server/domain/waybills/carriers/aramex';
import { SMSA_URLS, smsaDate } from '../../src/server/domain/waybills/carriers/smsa';
import { CarrierError, carrierErrorText } from '../../src/server/domain/waybills/carriers/types';

const row = (over: Partial<CarrierConfigRow>): CarrierConfigRow => ({
  id: 1, name: 'c', carrier: Carrier.SMSA, warehouseId: 1, isDefault: false, testEnv: true, baseUrl: null, shipmentType: null, orderType: null,
  serviceType: null, deliveryType: null, shipperName: 's', shipperPhone: '1', userName: null, password: null, accountNumber: null, accountPin: null,
  accountEntity: null, accountCountryCode: null, apiKey: null, timeoutSeconds: 20, addDate: new Date(), updateDate: new Date(), ...over,
});

describe('carrier accounts', () => {
  it('calls the sandbox in the test environment, production otherwise, and its own address when it names one', () => {
    expect(accountOf(row({ carrier: Carrier.SMSA, testEnv: true })).baseUrl).toBe(SMSA_URLS.sandbox);
    expect(accountOf(row({ carrier: Carrier.SMSA, testEnv: false })).baseUrl).toBe(SMSA_URLS.production);
    expect(accountOf(row({ carrier: Carrier.ARAMEX, testEnv: false })).baseUrl).toBe(ARAMEX_URLS.production);
    expect(accountOf(row({ carrier: Carrier.ARAMEX, testEnv: true, baseUrl: 'http://127.0.0.1:5000/x' })).baseUrl).toBe('http://127.0.0.1:5000/x');
    expect(ARAMEX_URLS.sandbox).not.toBe(ARAMEX_URLS.production);
    const a = accountOf(row({ timeoutSeconds: 7 }));
    expect([a.timeoutMs, a.retries]).toEqual([7000, TRANSPORT_RETRIES]);
  });
});

describe('carrier formats', () => {
  it('writes and reads Aramex /Date(ms)/ values, with or without a zone', () => {
    const at = new Date('2026-11-25T07:00:00Z');
    expect(wcfDate(at)).toBe(`/Date(${at.getTime()})/`);
    expect(readWcfDate(`/Date(${at.getTime()}+0300)/`)?.toISOString()).toBe('2026-11-25T07:00:00.000Z');
    expect(readWcfDate('2026-11-25')).toBeNull();
  });

  it('writes SMSA ship dates in Saudi time without a zone', () => {
    expect(smsaDate(new Date('2026-11-25T21:30:05Z'))).toBe('2026-11-26T00:30:05');
  });

  it('says a carrier error with the carrier\'s own words, in the caller\'s language', () => {
    const e = new CarrierError('refused', 'ERR52 Invalid Consignee City');
    expect(carrierErrorText(e, 'Aramex', 'en')).toBe('Aramex refused the shipment: ERR52 Invalid Consignee City');
    expect(carrierErrorText(e, 'Aramex', 'zh')).toBe('Aramex拒绝了该运单: ERR52 Invalid Consignee City');
    expect(carrierErrorText(new CarrierError('unknown', 'no answer within 20 s'), 'SMSA Express', 'en'))
      .toBe('SMSA Express did not answer in time; whether it created a waybill is not known: no answer within 20 s');
  });
});
