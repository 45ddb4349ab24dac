/**
 * Countries, provinces (states) and cities from the maintained `country-state-city` package (issue 2: real
 * reference data, not a hand-typed list). `only` limits the seed to some ISO country codes (tests, small
 * installs). Rows are deduplicated on the tables' unique keys and cut to the columns' sizes.
 *
 * The package is read in a short-lived worker thread: loading it parses its 8.7 MB of JSON into ~150,000
 * objects that it keeps in module variables for the life of the process (~42 MB of heap, ~52 MB of RSS
 * measured after a seed; bench/README.md "Export memory (seventh session)"). The thread ends after the seed
 * and its memory goes with it; it sends back only the countries asked for and the fields the seed reads.
 * Starting the thread and reading the package take ~0.5-1 s, once per seed of an empty database.
 */
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface ReferenceRows {
  countries: Array<{ countryCode: string; enName: string }>;
  provinces: Array<{ countryCode: string; code: string; enName: string }>;
  cities: Array<{ countryCode: string; provinceName: string; name: string }>;
}

/** The package's records of the countries kept, with the fields read here (its own field names). */
interface PackageRows {
  countries: Array<{ isoCode: string; name: string }>;
  states: Array<{ countryCode: string; isoCode: string; name: string }>;
  cities: Array<{ countryCode: string; stateCode: string; name: string }>;
}

/** Plain JavaScript (no loader needed in the thread): reads the package, keeps `only`'s countries, answers once. */
const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { Country, State, City } = require(workerData.pkg);
const keep = (code) => !workerData.only || workerData.only.includes(code);
parentPort.postMessage({
  countries: Country.getAllCountries().filter((c) => keep(c.isoCode)).map((c) => ({ isoCode: c.isoCode, name: c.name })),
  states: State.getAllStates().filter((s) => keep(s.countryCode)).map((s) => ({ countryCode: s.countryCode, isoCode: s.isoCode, name: s.name })),
  cities: City.getAllCities().filter((c) => keep(c.countryCode)).map((c) => ({ countryCode: c.countryCode, stateCode: c.stateCode, name: c.name })),
});
`;

/** The package's records for `only` (every country when undefined), read in a worker thread that then ends. */
async function packageRows(only?: string[]): Promise<PackageRows> {
  const pkg = createRequire(import.meta.url).resolve('country-state-city');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { pkg, only } });
  try {
    // rejects with the thread's error if it throws; an exit without an answer is turned into an error too
    const exited = once(worker, 'exit').then(([code]) => { throw new Error(`the reference data reader stopped (exit code ${code})`); });
    exited.catch(() => {});
    const [rows] = await Promise.race([once(worker, 'message'), exited]) as [PackageRows];
    return rows;
  } finally {
    await worker.terminate();
  }
}

/** The seed's rows for `only` (ISO country codes; every country when undefined). */
export async function referenceRows(only?: string[]): Promise<ReferenceRows> {
  const pkg = await packageRows(only);
  const countries = pkg.countries.map((c) => ({ countryCode: c.isoCode, enName: c.name.slice(0, 100) }));
  const stateName = new Map<string, string>();
  const provinces: ReferenceRows['provinces'] = [];
  const seenProvince = new Set<string>();
  for (const s of pkg.states) {
    const enName = s.name.slice(0, 100);
    stateName.set(`${s.countryCode}|${s.isoCode}`, enName);
    const key = `${s.countryCode}|${enName}`;
    if (seenProvince.has(key)) continue;
    seenProvince.add(key);
    provinces.push({ countryCode: s.countryCode, code: s.isoCode.slice(0, 10), enName });
  }
  const cities: ReferenceRows['cities'] = [];
  const seenCity = new Set<string>();
  for (const c of pkg.cities) {
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
