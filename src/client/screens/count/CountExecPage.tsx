/**
 * The blind counting screen (issue 30; manifest screens.countExec, /func/count_exec, code count:count;
 * docs/counts.md "Counting"). Blind: it reads only /sapi/wms/count/lines and /locations, which never answer the
 * expected (book) quantity, and shows nothing else.
 * - The count: the scan box (widgets/ScanField, auto-focused) takes a count number (the count sheet's barcode);
 *   the counts being counted are listed below it as buttons; `?code=<number>` (the count list's "Count stock"
 *   row button) opens that count at once. A count not being counted is refused in words.
 * - The location: its code scanned or typed (Enter), matched case-insensitively among the count's locations
 *   (a recount round: only the locations with lines open for recount); the list of locations shows lines
 *   counted / lines per location (no quantities).
 * - The goods: the location's lines (a recount round: only the lines open for recount) with a "Counted" box each.
 *   The line scan box (widgets/LineScanField, lineScan.ts rules: `CODE` +1, `N*CODE` +N) adds to the first line
 *   of the SKU the code names: the lines' own SKU codes first, else the goods owner's SKU, supplier SKU, platform
 *   SKU or barcode (/sku/findByCode); a SKU not on the list is added as found goods (a new line). A count of every
 *   owner has no owner to look codes up in: such codes go to /count/scan, which matches them among the count's
 *   SKUs and counts on the server (the line then shows here).
 * - Submit location: /count/enter with every listed line (empty: counted 0), replacing the lines' counts;
 *   then the next location (found goods added by mistake can be removed before). Finish (the workflow's step,
 *   count:count): the count goes to review.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LinesFrame } from '../../kit/LinesTable';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useEnumLabel } from '../../kit/cells';
import { ConfirmedAction } from '../../widgets/ConfirmedAction';
import { LineScanField, type ScanFeedback } from '../../widgets/LineScanField';
import { countScan, sameCode, type ScanInput } from '../../widgets/lineScan';
import { Permitted } from '../../widgets/Permitted';
import { ScanField, useScanBox } from '../../widgets/ScanField';
import { errorMessage } from '../../widgets/errorMessage';
import { useSkuLookup } from '../../widgets/skuByCode';
import { QTY_MAX } from '../../../shared/documents';
import { countApi } from './countApi';
import { CODE_COUNT, CountStatus, type CountLocation, type CountRecord } from './constants';
import { countLinesOf, enterLinesOf, screenLinesOf, typedQty, type ScreenLine } from './lines';

const LINE_HEADS = ['wms.doc.line.no', 'resources.countLine.fields.skuId', 'resources.sku.fields.name', 'resources.countLine.fields.batchNo', 'resources.countLine.fields.countedQty'];

export const CountExecPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const enumLabel = useEnumLabel();
  const lookup = useSkuLookup();
  const [count, setCount] = useState<CountRecord | null>(null);
  const [counting, setCounting] = useState<CountRecord[] | null>(null);
  const [locations, setLocations] = useState<CountLocation[]>([]);
  const [location, setLocation] = useState<CountLocation | null>(null);
  const [lines, setLines] = useState<ScreenLine[]>([]);
  const [locationCode, setLocationCode] = useState('');
  const [locationError, setLocationError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const [result, setResult] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const locationRef = useRef<HTMLInputElement>(null);
  // the latest values for scans handled between renders (a wedge scanner is faster than React)
  const linesRef = useRef<ScreenLine[]>([]);
  const placeRef = useRef<CountLocation | null>(null);
  const putLines = (next: ScreenLine[]) => {
    linesRef.current = next;
    setLines(next);
  };
  const recount = (count?.recountRound ?? 0) > 0;

  const focusLocation = () => setTimeout(() => locationRef.current?.focus(), 0);

  const loadCounting = () => {
    countApi.counting(dataProvider).then(setCounting, () => setCounting([]));
  };
  useEffect(loadCounting, [dataProvider]);

  /** The count's locations to count (a recount round: those with lines open for recount). */
  const loadLocations = async (c: CountRecord) => {
    const all = await countApi.locations(dataProvider, c.id);
    if (!(c.recountRound > 0)) return all;
    const open = new Set((await countApi.openLines(dataProvider, c.id)).map((l) => Number(l.locationId)));
    return all.filter((l) => open.has(Number(l.locationId)));
  };

  const pickLocation = (place: CountLocation | null, next: ScreenLine[] = []) => {
    placeRef.current = place;
    setLocation(place);
    putLines(next);
    setFormError(undefined);
  };

  const open = async (c: CountRecord) => {
    setCount(c);
    pickLocation(null);
    setLocations(await loadLocations(c));
    setLocationCode('');
    setLocationError(undefined);
    focusLocation();
  };

  const countBox = useScanBox<CountRecord>({
    find: async (code) => {
      const found = await countApi.byNumber(dataProvider, code);
      if (!found) throw new Error(translate('app.count.no_count', { code }));
      if (Number(found.status) !== CountStatus.COUNTING) throw new Error(translate('app.count.not_counting', { no: found.countNo, status: enumLabel('CountStatus', found.status) }));
      return found;
    },
    onFound: (c) => void open(c).catch((e) => notify(errorMessage(e), { type: 'error' })),
    onStart: () => setResult(undefined),
    onMiss: () => {
      setCount(null);
      pickLocation(null);
    },
    paused: busy,
  });

  const closeCount = () => {
    setCount(null);
    pickLocation(null);
    setLocations([]);
    countBox.setCode('');
    loadCounting();
    countBox.focus();
  };

  /** The location scanned or typed: one of the count's (to count now), its lines loaded. */
  const scanLocation = async (raw: string) => {
    const code = raw.trim();
    if (!code || !count || busy) return;
    setLocationError(undefined);
    setResult(undefined);
    const place = locations.find((l) => l.code === code) ?? locations.find((l) => sameCode(l.code, code));
    if (!place) {
      const msg = translate(recount ? 'app.count.not_open' : 'app.count.no_location', { code, no: count.countNo });
      setLocationError(msg);
      notify(msg, { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      pickLocation(place, screenLinesOf(await countApi.lines(dataProvider, count.id, place.locationId, recount)));
      setLocationCode(place.code);
    } catch (e) {
      setLocationError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const onLocationKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void scanLocation(locationCode);
  };

  const setQty = (index: number, qty: string) => {
    putLines(linesRef.current.map((l, i) => (i === index ? { ...l, qty } : l)));
    setFormError(undefined);
  };

  /** Found goods added here by mistake (not yet on the server) leave the list. */
  const removeLine = (index: number) => {
    putLines(linesRef.current.filter((_, i) => i !== index));
    setFormError(undefined);
  };

  /** One scan of goods on the location: +qty on its line, or a new line of found goods (see module doc). */
  const scanGoods = async ({ code, qty }: ScanInput): Promise<ScanFeedback> => {
    const place = placeRef.current;
    if (!count || !place) return { ok: false, message: translate('app.count.location_hint') };
    const codedLines = linesRef.current.map((l) => ({ skuId: l.skuId, sku: l.sku, skuName: l.skuName }));
    const local = codedLines.filter((l) => sameCode(l.sku, code));
    if (!local.length && count.ownerId === null) {
      // a count of every owner: the server matches the code among the count's SKUs and counts it there
      const line = await countApi.scan(dataProvider, { id: count.id, location: place.code, code, qty });
      if (placeRef.current !== place) return { ok: false, message: translate('app.count.location_hint') };
      const at = linesRef.current.findIndex((l) => l.skuId === Number(line.skuId) && (l.found || l.batchNo === (line.batchNo ?? '')));
      const counted = at >= 0 ? (typedQty(linesRef.current[at].qty) ?? 0) + qty : Number(line.countedQty ?? qty);
      if (at >= 0) putLines(linesRef.current.map((l, i) => (i === at ? { ...l, qty: String(counted) } : l)));
      else putLines([...linesRef.current, { ...screenLinesOf([line])[0], qty: String(counted) }]);
      return { ok: true, message: translate(at >= 0 ? 'app.count.scanned' : 'app.count.added', { code, qty, counted, sku: line.sku }) };
    }
    const hits = local.length ? local.map((l) => ({ id: l.skuId, sku: String(l.sku), name: l.skuName })) : await lookup(code, Number(count.ownerId), codedLines);
    if (placeRef.current !== place) return { ok: false, message: translate('app.count.location_hint') };
    if (!hits.length) return { ok: false, message: translate('wms.widgets.lineScan.unknown', { code }) };
    const current = linesRef.current;
    const result = countScan(countLinesOf(current), hits.map((h) => h.id), qty);
    if (result.ok) {
      putLines(current.map((l, i) => (i === result.index ? { ...l, qty: String(result.counted) } : l)));
      return { ok: true, message: translate('app.count.scanned', { code, qty, counted: result.counted, sku: current[result.index].sku }) };
    }
    if (hits.length > 1) return { ok: false, message: translate('app.count.ambiguous', { code, skus: hits.map((h) => h.sku).join(', ') }) };
    const hit = hits[0];
    putLines([...current, { id: 0, skuId: hit.id, sku: hit.sku, skuName: hit.name ?? null, batchNo: '', found: true, qty: String(qty) }]);
    setFormError(undefined);
    return { ok: true, message: translate('app.count.added', { code, counted: qty, sku: hit.sku }) };
  };

  const errors = lines.map((l, i) => (typedQty(l.qty) === null ? translate('app.count.qty_invalid', { line: i + 1, max: QTY_MAX }) : undefined));

  const submit = async () => {
    if (!count || !location || errors.some(Boolean)) return;
    const body = enterLinesOf(location.locationId, linesRef.current);
    if (!body.length) return;
    setBusy(true);
    try {
      await countApi.enter(dataProvider, count.id, body);
      const msg = translate('app.count.submitted', { code: location.code, lines: body.length });
      setResult(msg);
      notify(msg, { type: 'success' });
      pickLocation(null);
      setLocationCode('');
      setLocations(await loadLocations(count));
      focusLocation();
    } catch (e) {
      setFormError(errorMessage(e));
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const working = busy || countBox.busy;
  const allCounted = locations.length > 0 && locations.every((l) => l.lines > 0 && l.countedLines >= l.lines);

  return (
    <Box sx={{ p: 2 }} data-testid="count-exec">
      <Title title={translate('screens.countExec')} />
      <Paper sx={{ p: 2, mb: 2 }}>
        <Typography variant="h6" sx={{ mb: 1.5 }}>
          {translate('screens.countExec')}
        </Typography>
        {count ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }} data-testid="count-exec-count" data-status={String(count.status)}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }} data-testid="count-exec-no">{count.countNo}</Typography>
            <Chip size="small" color="info" label={enumLabel('CountStatus', count.status)} />
            <Box sx={{ flex: '1 1 auto' }} />
            <Button onClick={closeCount} disabled={working} data-testid="count-exec-change-count">
              {translate('app.count.action.change_count')}
            </Button>
            <Permitted codes={CODE_COUNT}>
              <ConfirmedAction
                label="resources.count.actions.finish"
                color="primary"
                variant="contained"
                title="app.count.finish_title"
                content="app.count.finish_content"
                translateOptions={{ no: count.countNo }}
                ok="resources.count.actions.finish"
                testId="count-exec-finish"
                successMessage="app.count.finished"
                action={() => countApi.finish(dataProvider, count.id)}
                after={() => {
                  setResult(translate('app.count.finished', { no: count.countNo }));
                  closeCount();
                }}
              />
            </Permitted>
          </Box>
        ) : (
          <ScanField box={countBox} label="resources.count.fields.countNo" hint="app.count.scan_hint" testId="count-exec-scan" maxLength={30} disabled={countBox.busy} />
        )}
        {result ? (
          <Alert severity="success" sx={{ mt: 1.5 }} data-testid="count-exec-result">
            {result}
          </Alert>
        ) : null}
        {!count && counting ? (
          <Box sx={{ mt: 1.5 }} data-testid="count-exec-counting">
            <Typography variant="subtitle2" sx={{ mb: 1 }}>{translate('app.count.counting')}</Typography>
            {counting.length ? (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {counting.map((c) => (
                  <Button key={c.id} variant="outlined" size="small" onClick={() => void countBox.lookUp(c.countNo)} disabled={working} data-testid="count-exec-pick">
                    {c.countNo}
                  </Button>
                ))}
              </Box>
            ) : (
              <Typography variant="body2" color="text.secondary">{translate('app.count.none_counting')}</Typography>
            )}
          </Box>
        ) : null}
      </Paper>

      {countBox.busy && !count ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
          <CircularProgress size={28} />
        </Box>
      ) : null}

      {count ? (
        <Paper sx={{ p: 2, mb: 2 }}>
          {recount ? (
            <Alert severity="warning" sx={{ mb: 1.5 }} data-testid="count-exec-round">
              {translate('app.count.round', { round: count.recountRound })}
            </Alert>
          ) : null}
          <TextField
            inputRef={locationRef}
            autoFocus
            fullWidth
            label={translate('resources.countLine.fields.locationId')}
            helperText={locationError ?? translate('app.count.location_hint')}
            error={Boolean(locationError)}
            value={locationCode}
            onChange={(e) => {
              setLocationCode(e.target.value);
              setLocationError(undefined);
            }}
            onKeyDown={onLocationKey}
            disabled={busy}
            slotProps={{ htmlInput: { 'data-testid': 'count-exec-location', maxLength: 30, autoComplete: 'off' } }}
          />
          {locationError ? (
            <Alert severity="error" sx={{ mt: 1.5 }} data-testid="count-exec-location-error">
              {locationError}
            </Alert>
          ) : null}
          {!location ? (
            <Box sx={{ mt: 1.5 }}>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>{translate('app.count.locations')}</Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {locations.map((l) => (
                  <Chip
                    key={l.locationId}
                    variant="outlined"
                    color={l.lines > 0 && l.countedLines >= l.lines ? 'success' : 'default'}
                    label={`${l.code} · ${translate('app.count.location_progress', { counted: l.countedLines, lines: l.lines })}`}
                    onClick={() => {
                      setLocationCode(l.code);
                      void scanLocation(l.code);
                    }}
                    data-testid="count-exec-place"
                    data-code={l.code}
                  />
                ))}
              </Box>
              {allCounted ? (
                <Alert severity="info" sx={{ mt: 1.5 }} data-testid="count-exec-all-counted">
                  {translate('app.count.all_counted')}
                </Alert>
              ) : null}
            </Box>
          ) : null}
        </Paper>
      ) : null}

      {count && location ? (
        <Paper sx={{ p: 2 }} data-testid="count-exec-goods" data-location={location.code}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {translate('resources.countLine.fields.locationId')} {location.code}
          </Typography>
          <LineScanField key={`${count.id}/${location.locationId}`} onScan={scanGoods} hint="app.count.sku_hint" testId="count-exec-sku" disabled={busy} autoFocus />
          <LinesFrame testId="count-exec-lines" heads={LINE_HEADS}>
                {lines.map((line, index) => (
                  <TableRow key={`${line.id}/${line.skuId}/${index}`} data-testid="count-exec-line" data-sku={line.sku} data-found={String(line.found)}>
                    <TableCell>{index + 1}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {line.sku}
                      {line.found ? <Chip size="small" color="warning" sx={{ ml: 1 }} label={translate('resources.countLine.fields.unexpected')} /> : null}
                      {line.found && line.id === 0 ? (
                        <Button size="small" color="error" sx={{ ml: 1 }} onClick={() => removeLine(index)} disabled={busy} data-testid="count-exec-remove">
                          {translate('app.count.action.remove')}
                        </Button>
                      ) : null}
                    </TableCell>
                    <TableCell>{line.skuName}</TableCell>
                    <TableCell>{line.batchNo}</TableCell>
                    <TableCell sx={{ minWidth: 120 }}>
                      <TextField
                        size="small"
                        value={line.qty}
                        onChange={(e) => setQty(index, e.target.value)}
                        error={Boolean(errors[index])}
                        helperText={errors[index]}
                        disabled={busy}
                        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'count-exec-qty' } }}
                      />
                    </TableCell>
                  </TableRow>
                ))}
          </LinesFrame>
          {!lines.length ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="count-exec-empty">{translate('app.count.empty')}</Typography>
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{translate('app.count.blank_zero')}</Typography>
          )}
          {formError ? (
            <Alert severity="error" sx={{ mt: 1.5 }} data-testid="count-exec-error">
              {formError}
            </Alert>
          ) : null}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 2 }}>
            <Box sx={{ flex: '1 1 auto' }} />
            <Button
              onClick={() => {
                pickLocation(null);
                setLocationCode('');
                focusLocation();
              }}
              disabled={busy}
              data-testid="count-exec-change-location"
            >
              {translate('app.count.action.change_location')}
            </Button>
            <Permitted codes={CODE_COUNT}>
              <Button
                variant="contained"
                color="success"
                onClick={submit}
                disabled={busy || !lines.length || errors.some(Boolean)}
                startIcon={busy ? <CircularProgress size={16} /> : undefined}
                data-testid="count-exec-submit"
              >
                {translate('app.count.action.submit')}
              </Button>
            </Permitted>
          </Box>
        </Paper>
      ) : null}
    </Box>
  );
};
