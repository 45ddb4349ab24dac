/**
 * First-start data (issue 2), idempotent so it runs at every start:
 * - the permission tree of the manifest (upserted: a new resource's codes appear by themselves, spec 6);
 * - role `admin` and user `admin` (password WMS_ADMIN_PASSWORD, else generated and printed once);
 * - reference countries, provinces and cities (seed-reference.ts), when the tables are empty;
 * - a small demo company with two warehouses and two goods owners, when there is no company yet.
 */
import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { city, company, country, owner, permission, province, role, user, warehouse } from '../../../generated/db/schema';
import { Status, WarehouseType } from '../../../generated/shared/enums';
import { permissionTree } from '../../../generated/shared/permissions';
import type { Config } from '../config';
import { hashPassword } from '../domain/passwords';
import { ensureBuiltInConnection } from '../domain/dbms/connections';
import { referenceRows } from './seed-reference';
import type { Db } from './connect';

const BATCH = 2000;

async function insertBatched<T>(write: (rows: T[]) => Promise<unknown>, rows: T[]) {
  for (let i = 0; i < rows.length; i += BATCH) await write(rows.slice(i, i + BATCH));
}

export interface SeedResult { adminPassword?: string; referenceRows: number }

export async function seed(db: Db, config: Pick<Config, 'adminPassword' | 'seedReference' | 'seedDemo' | 'databaseUrl'>): Promise<SeedResult> {
  const result: SeedResult = { referenceRows: 0 };
  await db.insert(permission).values(permissionTree).onConflictDoUpdate({
    target: permission.code,
    set: { name: sql`excluded.name`, nameZh: sql`excluded.name_zh`, type: sql`excluded.type`, parentCode: sql`excluded.parent_code` },
  });
  await db.insert(role).values({ code: 'admin', name: 'Administrator', remark: 'Passes every permission check and sees every warehouse and goods owner' }).onConflictDoNothing();
  const [admin] = await db.select({ id: role.id }).from(role).where(eq(role.code, 'admin'));
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.name, 'admin'));
  if (!existing) {
    const password = config.adminPassword ?? randomBytes(9).toString('base64url');
    await db.insert(user).values({ name: 'admin', password: await hashPassword(password), status: Status.ENABLE, roleIds: [admin.id], warehouseIds: [-1], ownerIds: [-1], introduction: 'First administrator' });
    if (!config.adminPassword) result.adminPassword = password;
  }
  await ensureBuiltInConnection(db, config.databaseUrl);
  if (config.seedReference !== 'none') {
    const [{ n }] = await db.select({ n: count() }).from(country);
    if (Number(n) === 0) {
      // read in a worker thread that ends after it: the package's data would stay in this one (seed-reference.ts)
      const rows = await referenceRows(config.seedReference === 'all' ? undefined : config.seedReference);
      await db.transaction(async (tx) => {
        await insertBatched((r) => tx.insert(country).values(r), rows.countries);
        await insertBatched((r) => tx.insert(province).values(r), rows.provinces);
        await insertBatched((r) => tx.insert(city).values(r), rows.cities);
      });
      result.referenceRows = rows.countries.length + rows.provinces.length + rows.cities.length;
    }
  }
  if (config.seedDemo) {
    const [{ n }] = await db.select({ n: count() }).from(company);
    if (Number(n) === 0) {
      await db.transaction(async (tx) => {
        const [c] = await tx.insert(company).values({ name: 'Demo Trading Co.', allowInboundCount: 100, allowReturnInboundCount: 20, allowOutboundCount: 500, remark: 'Demo data from the first start' }).returning({ id: company.id });
        await tx.insert(warehouse).values([
          { code: 'RUH01', name: 'Riyadh DC', type: WarehouseType.SELF_OPERATED, countryCode: 'SA', province: 'Riyadh', city: 'Riyadh', address: 'Second Industrial City', isDefault: true },
          { code: 'DXB01', name: 'Dubai FC', type: WarehouseType.PARTNER, countryCode: 'AE', province: 'Dubai', city: 'Dubai', address: 'Jebel Ali Free Zone' },
        ]);
        await tx.insert(owner).values([
          { code: 'OWN-A', name: 'Desert Rose Cosmetics', companyId: c.id, contactName: 'Layla', contactPhone: '+966 11 000 0001' },
          { code: 'OWN-B', name: 'Gulf Gadgets', companyId: c.id, contactName: 'Omar', contactPhone: '+971 4 000 0002' },
        ]);
      });
    }
  }
  return result;
}
