/**
 * Scheduled tasks in Chromium (issue 15): as admin on /job/list, a new task is made in the dialog (the bean
 * chosen from the server's registered handlers, a cron expression croner refuses shows the rule's message, a
 * valid one shows its next 5 fire times), saved and listed; Run now starts it; /job/log/list shows its line
 * (task, attempt 1, Succeeded, the handler's message, the instance) and the list's status filter finds it;
 * the task is paused and resumed from its row. Screenshots in test-results/jobs-*.png.
 */
import { describe, expect, it } from 'vitest';
import { loginThroughPage } from './browser';
import { consoleSession, rowAction } from './steps';

const NAME = 'E2E nightly sweep';

describe('Scheduled tasks in Chromium', () => {
  const s = consoleSession('jobs');
  const rowOf = (name: string) => s.page.getByTestId('job-row').filter({ has: s.page.getByText(name, { exact: true }) });

  it('creates a task, runs it now and shows its log line', async () => {
    const { page, c } = s;
    await loginThroughPage(page, c.base, undefined, undefined, '/job/list');
    await page.waitForURL(/\/job\/list/);
    // the seeded tasks of the built-in handlers are listed
    await rowOf('Resume abandoned exports').waitFor();

    await page.getByTestId('job-add').click();
    const dialog = page.getByTestId('job-edit-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('job-form-name').fill(NAME);
    await dialog.getByTestId('job-form-bean-name').getByRole('combobox').click();
    await page.getByRole('option', { name: 'exportSweep — Resume abandoned exports' }).click();
    const cron = dialog.getByTestId('job-form-cron-expression-input');
    await cron.fill('61 * * * *');
    await dialog.getByTestId('job-save').click();
    await dialog.getByText('Cron expression is not a valid cron expression', { exact: false }).first().waitFor();
    await cron.fill('0 30 2 * * *');
    await expect.poll(() => dialog.getByTestId('job-form-cron-expression-next-time').count()).toBe(5);
    await expect(dialog.getByTestId('job-form-cron-expression-next-time').first().innerText()).resolves.toMatch(/^\d{4}-\d{2}-\d{2} 02:30$/);
    await dialog.getByTestId('job-form-retry-count').fill('1');
    await dialog.getByTestId('job-form-retry-interval').fill('1000');
    await dialog.getByTestId('job-form-processor-params').getByRole('textbox').fill('{"note": "e2e"}');
    await c.shot('jobs-form');
    await dialog.getByTestId('job-save').click();
    await dialog.waitFor({ state: 'hidden', timeout: 20_000 });
    const row = rowOf(NAME);
    await row.waitFor();

    await rowAction(row, 'job-row-run-now');
    await page.getByText(`Task ${NAME} started`, { exact: false }).first().waitFor();
    const [task] = (await s.api('/sapi/sys/job/list', { name: NAME })) as Array<{ id: number }>;
    await expect.poll(async () => (await s.api('/sapi/sys/job-log/page', { jobId: task.id })).records[0]?.status, { timeout: 20_000 }).toBe(2);

    await page.goto(`${c.base}/job/log/list`);
    const logRow = page.getByTestId('job-log-row').filter({ has: page.getByText(NAME, { exact: true }) });
    await logRow.first().waitFor();
    await expect(logRow.count()).resolves.toBe(1);
    const text = await logRow.innerText();
    expect(text).toContain('Succeeded');
    expect(text).toContain('resumed 0 export job(s)');
    await c.shot('jobs-log');

    // pause and resume from the row
    await page.goto(`${c.base}/job/list`);
    await rowAction(rowOf(NAME), 'job-row-pause');
    await page.getByTestId('job-row-pause-confirm').getByRole('button', { name: 'Pause' }).click();
    await rowOf(NAME).getByText('Paused', { exact: true }).waitFor();
    await rowAction(rowOf(NAME), 'job-row-resume');
    await page.getByTestId('job-row-resume-confirm').getByRole('button', { name: 'Resume' }).click();
    await rowOf(NAME).getByText('Enabled', { exact: true }).waitFor();
  });
});
