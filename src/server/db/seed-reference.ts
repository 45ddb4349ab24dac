/**
 * Countries, provinces (states) and cities from the maintained `country-state-city` package (issue 2: real
 * reference data, not a hand-typed list). `only` limits the seed to some ISO country codes (tests, small
 * installs). Rows are deduplicated on the tables' unique keys and cut to the columns' sizes.
 */
import { Country, State, City } from 'country-state-city';

export interface ReferenceRows {
  countries: Array<{ countryCode: string; enName: string }>;
  provinces: Array<{ countryCode: string; code: string; enName: string }>;
  cities: Array<{ countryCode: string; provinceName: string; name: string }>;
}

export function referenceRows(only?: string[]): ReferenceRows {
  const keep = (code: string) => !only || only.includes(code);
  const countries = Country.getAllCountries().filter((c) => keep(c.isoCode)).map((c) => ({ countryCode: c.isoCode, enName: c.name.slice(0, 100) }));
  const stateName = new Map<string, string>();
  const provinces: ReferenceRows['provinces'] = [];
  const seenProvince = new Set<string>();
  for (const s of State.getAllStates()) {
    if (!keep(s.countryCode)) continue;
    const enName = s.name.slice(0, 100);
    stateName.set(`${s.countryCode}|${s.isoCode}`, enName);
    const key = `${s.countryCode}|${enName}`;
    if (seenProvince.has(key)) continue;
    seenProvince.add(key);
    provinces.push({ countryCode: s.countryCode, code: s.isoCode.slice(0, 10), enName });
  }
  const cities: ReferenceRows['cities'] = [];
  const seenCity = new Set<string>();
  for (const c of City.getAllCities()) {
    if (!keep(c.countryCode)) continue;
    const provinceName = stateName.get(`${c.countryCode}|${c.stateCode}`);
    if (!provinceName) continue;
    const name = c.name.slice(0, 100);
    const key = `${c.countryCode}|${provinceName}|${name}`;
    if (seenCity.has(key)) continue;
    seenCity.add(key);
    cities.push({ countryCode: c.countryCode, provinceName, name });
  }
  return { countries, provinces, cities };
}
