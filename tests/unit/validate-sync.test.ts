/**
 * http/body.ts `validate` runs yup synchronously when the schema allows it (issue 13: the page call's own time)
 * and falls back to yup's async run for a schema with an async test: both ways give the same value and the
 * same 400 (field label and rule), and an async test is still awaited (not skipped).
 */
import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { validate } from '../../src/server/http/body';
import { BizError } from '../../src/server/http/errors';

const fields = { zzName: yup.string().required().max(5), zzQty: yup.number().min(0) };
const sync = yup.object(fields);
let asyncRuns = 0;
const withAsync = yup.object({
  ...fields,
  zzCode: yup.string().test('free', 'zzCode is taken', async (v) => { asyncRuns++; await new Promise((r) => setTimeout(r, 1)); return v !== 'TAKEN'; }),
});

const failure = async (p: Promise<unknown>) => {
  const e = await p.then(() => undefined, (x: unknown) => x);
  expect(e).toBeInstanceOf(BizError);
  return { message: (e as BizError).message, field: (e as BizError).place?.field, code: (e as BizError).code };
};

describe('validate: synchronous when possible, async when the schema needs it', () => {
  it('gives the validated value (unknown keys dropped) both ways', async () => {
    expect(await validate(sync, { zzName: 'ab', zzQty: 2, extra: 1 }, 'en')).toEqual({ zzName: 'ab', zzQty: 2 });
    expect(await validate(withAsync, { zzName: 'ab', zzQty: 2, zzCode: 'X', extra: 1 }, 'en')).toEqual({ zzName: 'ab', zzQty: 2, zzCode: 'X' });
  });

  it('gives the same 400 for the same mistakes both ways', async () => {
    const body = { zzName: 'toolong', zzQty: -1 };
    const a = await failure(validate(sync, body, 'en'));
    const b = await failure(validate(withAsync, { ...body, zzCode: 'X' }, 'en'));
    expect(a).toMatchObject({ code: 400, field: 'zzName' }); // the first field in the schema's order
    expect(b).toEqual(a);
    expect(await failure(validate(sync, { zzName: 'ab', zzQty: -1 }, 'en'))).toMatchObject({ code: 400, field: 'zzQty' });
  });

  it('still awaits an async test, every time', async () => {
    const before = asyncRuns;
    expect(await failure(validate(withAsync, { zzName: 'ab', zzCode: 'TAKEN' }, 'en'))).toMatchObject({ code: 400, field: 'zzCode' });
    expect(await failure(validate(withAsync, { zzName: 'ab', zzCode: 'TAKEN' }, 'en'))).toMatchObject({ code: 400, field: 'zzCode' });
    expect(asyncRuns - before).toBeGreaterThanOrEqual(2);
  });
});
