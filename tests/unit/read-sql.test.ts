/** The read path's SQL text (issue 13): one text per query shape, parameters apart, the same rule for Drizzle queries. */
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { bindings } from '../../generated/server/routes';
import { filterSql, orderSql, Params, toDrizzle } from '../../src/server/crud/filters';
import { shapeOf } from '../../src/server/crud/records-sql';
import { statementName } from '../../src/server/db/raw';
import { compiledSchema, type BodyRule } from '../../src/server/http/body';
import * as yup from 'yup';
import type { ResourceSpec } from '../../src/shared/resource-meta';

const inventory = bindings.inventory.meta as ResourceSpec;
const where = (q: Record<string, unknown>) => {
  const p = new Params();
  return { text: filterSql(inventory, shapeOf(bindings.inventory).columnOf, q, 0, p).join(' and '), values: p.values };
};

describe('read path SQL', () => {
  it('keeps the text of a query shape whatever its values, lists included', () => {
    const a = where({ ownerId: 3, warehouseId: 1, batchNo: 'B1' });
    const b = where({ ownerId: 9, warehouseId: 2, batchNo: 'x_%' });
    expect(a.text).toBe(b.text);
    expect(a.text).toBe('t."warehouse_id" = $1 and t."owner_id" = $2 and t."batch_no" ilike $3');
    expect(b.values).toEqual([2, 9, '%x\\_\\%%']);
    expect(statementName(a.text)).toBe(statementName(b.text));
    expect(statementName(a.text)).not.toBe(statementName(where({ ownerId: 3 }).text));
    expect(where({ ids: [1, 2] }).text).toBe(where({ ids: [4, 5, 6, 7] }).text);
  });

  it('orders by the whitelisted field then id, id + 0 while narrowed', () => {
    const cols = shapeOf(bindings.inventory).columnOf;
    expect(orderSql(inventory, cols, 'lockQty', 'desc')).toBe('t."lock_qty" desc, t."id" desc');
    expect(orderSql(inventory, cols, undefined, undefined, true)).toMatch(/t\."id" \+ 0 (asc|desc)$/);
  });

  it('hands the same condition to Drizzle with the same parameters', () => {
    const { text, values } = where({ ownerId: 3, batchNo: 'B' });
    const q = new PgDialect().sqlToQuery(toDrizzle(text, values));
    expect(q.sql).toBe(text);
    expect(q.params).toEqual(values);
  });

  it('builds a body rule\'s schema once per language', () => {
    const built: string[] = [];
    const rule: BodyRule<unknown> = { schema: (lang) => { built.push(lang); return yup.object({}); } };
    const en = compiledSchema(rule, 'en');
    expect(compiledSchema(rule, 'en')).toBe(en);
    expect(compiledSchema(rule, 'zh')).not.toBe(en);
    compiledSchema(rule, 'zh');
    expect(built).toEqual(['en', 'zh']);
  });
});
