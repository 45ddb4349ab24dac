/**
 * The pieces of scheduled tasks that need no database (issue 15): the manifest's `cron` and `jsonObject`
 * patterns (croner decides; the same rule in the console and at the edge), fire times from croner, the
 * parsing of processor parameters, and the retention tasks' `days`.
 */
import { describe, expect, it } from 'vitest';
import { schemas } from '../../generated/shared/schemas';
import { retentionDays } from '../../src/server/domain/exports/job-handlers';
import { nextFireTime, nextFireTimes } from '../../src/server/domain/jobs/cron';
import { jobParams } from '../../src/server/domain/jobs/scheduler';
import { isCronExpression, isJsonObjectText } from '../../src/shared/validation';

describe('task rules', () => {
  it('accepts what croner accepts as a cron expression, and nothing else', () => {
    for (const ok of ['* * * * *', '*/2 * * * * *', '0 30 3 * * *', '0 0 1 1 *', '@daily', '0 9 * * MON-FRI']) expect(isCronExpression(ok), ok).toBe(true);
    for (const bad of ['', 'every day', '61 * * * *', '* * *', '0 25 * * *', '* * * * * * * *']) expect(isCronExpression(bad), bad).toBe(false);
  });

  it('accepts JSON text of an object only', () => {
    for (const ok of ['{}', '{"days": 30}', ' {"a": [1, 2]} ']) expect(isJsonObjectText(ok), ok).toBe(true);
    for (const bad of ['[1]', '1', '"x"', 'null', '{days: 1}', '']) expect(isJsonObjectText(bad), bad).toBe(false);
  });

  it('names the field and the rule in both languages through the generated form schema', async () => {
    const body = { name: 'n', beanName: 'b', cronExpression: '61 * * * *', retryCount: 0, retryInterval: 0 };
    await expect(schemas.job.form('add', 'en').validate(body)).rejects.toThrow(/^Cron expression is not a valid cron expression/);
    await expect(schemas.job.form('add', 'zh').validate({ ...body, cronExpression: '* * * * *', processorParams: '[]' })).rejects.toThrow('处理器参数(JSON)必须是JSON对象，例如 {"days": 30}');
    await expect(schemas.job.form('add', 'en').validate({ ...body, cronExpression: '*/5 * * * *', processorParams: '{"days": 3}' })).resolves.toMatchObject({ cronExpression: '*/5 * * * *' });
  });

  it('gives fire times strictly after the reference time', () => {
    const at = new Date(2026, 0, 1, 10, 0, 0);
    expect(nextFireTimes('*/2 * * * * *', 3, at).map((d) => d.getTime() - at.getTime())).toEqual([2_000, 4_000, 6_000]);
    expect(nextFireTime('0 30 3 * * *', at)).toEqual(new Date(2026, 0, 2, 3, 30, 0));
    expect(nextFireTimes('nope', 3, at)).toEqual([]);
    expect(nextFireTime('nope', at)).toBeNull();
  });

  it('reads processor parameters as an object and refuses anything else', () => {
    expect(jobParams(null)).toEqual({});
    expect(jobParams('  ')).toEqual({});
    expect(jobParams('{"days": 7}')).toEqual({ days: 7 });
    expect(() => jobParams('[7]')).toThrow('the processor parameters are not a JSON object');
    expect(() => jobParams('{')).toThrow();
  });

  it('takes whole days from 1 to 36500 for retention, the default when absent', () => {
    expect(retentionDays({}, 30)).toBe(30);
    expect(retentionDays({ days: 7 }, 30)).toBe(7);
    for (const bad of [0, -1, 1.5, '7', 36501]) expect(() => retentionDays({ days: bad }, 30)).toThrow(/whole number of days/);
  });
});
