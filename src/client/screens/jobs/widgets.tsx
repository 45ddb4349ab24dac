/**
 * The scheduled-task screen's widgets (resources.yaml `job.screen`; issue 15; docs/jobs.md), registered once:
 * - input `jobBean`: the bean name as a select of the handlers the server registered (`/sapi/sys/job/beans`,
 *   "bean — title"); a stored bean no longer registered stays listed, so an edit does not lose it;
 * - input `cronNext`: the cron expression with the next 5 fire times under it (`/sapi/sys/job/nextFireTimes`,
 *   asked 300 ms after typing stops, only for an expression the field's rule accepts: croner on both sides);
 * - row `jobRunNow`: Run now (code job:run, `/sapi/sys/job/runNow`), then the list reloads.
 * Imported for its side effect by the views modules of the screens that name them (src/client/screens/widgets.ts).
 */
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SelectInput, TextInput, useNotify, usePermissions, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { isCronExpression } from '../../../shared/validation';
import { hasCode } from '../../providers/access';
import { sapi } from '../../providers/http';
import { RowActionButton } from '../../kit/RowActionMenu';
import { registerInput, registerRow } from '../../kit/screen/registry';
import { testIdOf } from '../../kit/names';
import { errorMessage } from '../../widgets/errorMessage';
import { formatDateTime } from '../../widgets/DateTimeField';

/** The code of Run now (resources.yaml `codes`). */
export const CODE_JOB_RUN = 'job:run';
const JOB_PATH = '/sapi/sys/job';
const QUIET = { skipLoading: true } as const;

registerInput('jobBean', ({ source, label, isRequired, disabled }) => {
  const [beans, setBeans] = useState<{ bean: string; title: string }[]>([]);
  const current = useWatch({ name: source }) as string | undefined;
  useEffect(() => {
    let live = true;
    sapi<{ bean: string; title: string }[]>(`${JOB_PATH}/beans`, {}, QUIET).then((b) => { if (live) setBeans(b); }, () => {});
    return () => { live = false; };
  }, []);
  const choices = beans.map((b) => ({ id: b.bean, name: `${b.bean} — ${b.title}` }));
  if (current && !beans.some((b) => b.bean === current)) choices.push({ id: current, name: current });
  return <SelectInput source={source} label={label} choices={choices} isRequired={isRequired} disabled={disabled} fullWidth helperText="app.jobs.bean_hint" />;
});

/** The next fire times of `expression` from the server, refreshed 300 ms after it stops changing. */
function useNextTimes(expression: string | undefined): { times: string[] | null; valid: boolean } {
  const text = (expression ?? '').trim();
  const valid = text !== '' && isCronExpression(text);
  const [times, setTimes] = useState<string[] | null>(null);
  useEffect(() => {
    setTimes(null);
    if (!valid) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      sapi<{ times: string[] }>(`${JOB_PATH}/nextFireTimes`, { cronExpression: text }, QUIET).then((r) => { if (live) setTimes(r.times); }, () => { if (live) setTimes([]); });
    }, 300);
    return () => { live = false; clearTimeout(timer); };
  }, [text, valid]);
  return { times, valid };
}

registerInput('cronNext', ({ source, label, isRequired, disabled, testId }) => {
  const translate = useTranslate();
  const { times, valid } = useNextTimes(useWatch({ name: source }) as string | undefined);
  return (
    <Box>
      <TextInput source={source} label={label} isRequired={isRequired} disabled={disabled} fullWidth inputProps={{ maxLength: 100, 'data-testid': `${testId}-input` }} />
      {valid && (
        <Box data-testid={`${testId}-next`} sx={{ mt: -1, mb: 1 }}>
          <Typography variant="caption" color="text.secondary">
            {times === null ? translate('app.jobs.next_loading') : times.length ? translate('app.jobs.next_times') : translate('app.jobs.next_none')}
          </Typography>
          {times?.map((t) => (
            <Typography key={t} variant="caption" component="div" data-testid={`${testId}-next-time`}>
              {formatDateTime(t)}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
});

registerRow('jobRunNow', ({ screen, record, ui }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { permissions } = usePermissions();
  const [busy, setBusy] = useState(false);
  if (!hasCode(permissions, CODE_JOB_RUN)) return null;
  const run = async () => {
    setBusy(true);
    try {
      await sapi(`${JOB_PATH}/runNow`, { id: record.id });
      notify('app.jobs.started', { type: 'success', messageArgs: { name: String(record.name ?? record.id) } });
      ui.reload();
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return <RowActionButton label={translate('app.jobs.run_now')} disabled={busy} onClick={() => void run()} testId={testIdOf(screen.names, 'row-run-now')} />;
});
