/**
 * The adapter of a carrier configuration (issue 17): its carrier's adapter, pointed at the sandbox or the
 * production address (`testEnv`) unless the configuration names its own address (`baseUrl`: a proxy, or the
 * local test doubles of tests/api/carriers), with the configuration's time limit and its credentials opened
 * from their sealed form (domain/secret-fields.ts). Nothing here is switched by the environment.
 */
import type { carrierConfig } from '../../../../../generated/db/schema';
import { Carrier } from '../../../../../generated/shared/enums';
import { secrets } from '../../secret-fields';
import { aramexAdapter, ARAMEX_URLS } from './aramex';
import { smsaAdapter, SMSA_URLS } from './smsa';
import type { CarrierAccount, CarrierAdapter } from './types';

export type CarrierConfigRow = typeof carrierConfig.$inferSelect;

/** Transport retries after the first attempt of a call (http.ts says which failures are retried). */
export const TRANSPORT_RETRIES = 2;

const open = (sealed: string | null) => (sealed ? secrets().open(sealed) : null);

/** The sandbox and production addresses of each carrier. */
export const CARRIER_URLS: Record<number, { sandbox: string; production: string }> = { [Carrier.ARAMEX]: ARAMEX_URLS, [Carrier.SMSA]: SMSA_URLS };

/**
 * The account a configuration row describes.
 * @throws Error('secret cannot be decrypted') when a credential was sealed with another installation key.
 */
export function accountOf(row: CarrierConfigRow): CarrierAccount {
  const urls = CARRIER_URLS[row.carrier];
  return {
    baseUrl: row.baseUrl || (row.testEnv ? urls.sandbox : urls.production),
    timeoutMs: row.timeoutSeconds * 1000,
    retries: TRANSPORT_RETRIES,
    shipmentType: row.shipmentType, orderType: row.orderType, serviceType: row.serviceType, deliveryType: row.deliveryType,
    userName: row.userName, password: open(row.password), accountNumber: row.accountNumber, accountPin: open(row.accountPin),
    accountEntity: row.accountEntity, accountCountryCode: row.accountCountryCode, apiKey: open(row.apiKey),
  };
}

/** The adapter for a configuration row. */
export function adapterOf(row: CarrierConfigRow): CarrierAdapter {
  const account = accountOf(row);
  return row.carrier === Carrier.ARAMEX ? aramexAdapter(account) : smsaAdapter(account);
}

/** The carrier's name as it lands on orders and packages (before any call is made). */
export const companyOf = (carrier: number) => (carrier === Carrier.ARAMEX ? 'Aramex' : 'SMSA Express');
