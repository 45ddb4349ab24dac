/**
 * PackageDialog: create or edit one package of an order (spec 4 "create package"; issue 5), self-contained so
 * the inbound list, the pack lists and the shipping screen can all open it.
 *
 * Props: `kind` ('inbound' | 'outbound'), `order` ({id, orderNo, lines?}: without lines the dialog loads
 * the order's detail), `package` (the record to edit; absent: a new package), `onClose`, `onSaved(record)`.
 *
 * It loads the order's packages (/<kind>-package/page {orderId}) to know what the other packages hold, then
 * shows the header (package number, optional: the server numbers it; waybill; carrier for outbound; weight
 * kg; length / width / height cm; remark) and one contents row per order line whose quantity starts at what
 * is still unpacked (new) or at what the package holds (edit). Save checks the fields (messages name the
 * field), sends /add {orderId, ...} or /edit {id, ...} with the rows above 0, and shows the server's message
 * when it refuses (e.g. the order is no longer open, or other packages already hold the quantity).
 */
import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { WideDialog, WideDialogButtons } from '../../widgets/WideDialog';
import { errorMessage } from '../../widgets/errorMessage';
import { PACKAGE_KINDS, type PackageKind, type PackageKindSpec, type PackageOrder, type PackageRecord } from './constants';
import { FieldInputs } from './FieldInputs';
import {
  availableOf,
  checkFields,
  contentErrors,
  contentRows,
  headerFields,
  headerValues,
  packageFormValues,
  toPackageBody,
  type ContentRow,
  type PackageFormValues,
} from './formSchema';
import { packageApi } from './packageApi';

export interface PackageDialogProps {
  kind: PackageKind;
  /** The package's order; `lines` as the order's detail returns them (loaded when absent). */
  order: PackageOrder;
  /** The package to edit; absent: a new package. */
  package?: PackageRecord | null;
  onClose: () => void;
  /** After a successful save, with the saved record. */
  onSaved: (record: PackageRecord) => void;
}

const HINTS = { packageNo: 'app.packages.form.package_no_hint' };
/**
 * The contents table's headers: the package line's fields and the SKU's name by their manifest labels (left
 * aligned), then the dialog's own counts.
 */
const contentHead = (spec: PackageKindSpec) => [
  { key: 'sku', label: `resources.${spec.resource}Line.fields.skuId`, left: true },
  { key: 'sku_name', label: 'resources.sku.fields.name', left: true },
  { key: 'batch_no', label: `resources.${spec.resource}Line.fields.batchNo`, left: true },
  { key: 'ordered', label: 'app.packages.form.ordered', left: false },
  { key: 'in_other_packages', label: 'app.packages.form.in_other_packages', left: false },
  { key: 'this_package', label: 'app.packages.form.this_package', left: false },
];

export const PackageDialog = ({ kind, order, package: pkg, onClose, onSaved }: PackageDialogProps) => {
  const spec = PACKAGE_KINDS[kind];
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const [locale] = useLocaleState();
  const lang = locale === 'zh' ? 'zh' : 'en';
  const [values, setValues] = useState<PackageFormValues>(() => packageFormValues(pkg));
  const [rows, setRows] = useState<ContentRow[] | null>(null);
  const [orderNo, setOrderNo] = useState(order.orderNo ?? pkg?.orderNo ?? '');
  const [loadError, setLoadError] = useState<string | undefined>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState(false);
  const [formError, setFormError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    const lines = order.lines ? Promise.resolve(order) : packageApi.order(dataProvider, spec, order.id);
    Promise.all([lines, packageApi.ofOrder(dataProvider, spec, order.id)])
      .then(([full, packages]) => {
        if (!live) return;
        if (full?.orderNo) setOrderNo(full.orderNo);
        setRows(contentRows(full?.lines ?? [], packages, pkg));
      })
      .catch((e) => live && setLoadError(errorMessage(e)));
    return () => {
      live = false;
    };
    // the dialog is mounted per order / package
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // quantity messages show once Save was pressed, then follow every change
  const qtyErrors = useMemo(() => (rows && checked ? contentErrors(rows, lang) : []), [rows, checked, lang]);

  const setField = (field: string, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setFieldErrors(({ [field]: _gone, ...rest }) => rest);
    setFormError(undefined);
  };
  const setQty = (index: number, qty: string) => {
    setRows((list) => list && list.map((r, i) => (i === index ? { ...r, qty } : r)));
    setFormError(undefined);
  };

  const save = async () => {
    if (!rows) return;
    setChecked(true);
    const fields = await checkFields<Record<string, string | number | null>>(
      spec.formSchema(pkg ? 'edit' : 'add', lang, 'input').pick(headerFields(spec)),
      headerValues(spec, values),
    );
    const lineErrors = contentErrors(rows, lang);
    setFieldErrors(fields.ok ? {} : fields.errors);
    if (!fields.ok || lineErrors.some(Boolean)) return;
    const body = toPackageBody(spec, order, fields.values, rows, pkg);
    if (body.lines.length === 0) {
      setFormError(translate('app.packages.form.content_empty'));
      return;
    }
    setBusy(true);
    try {
      const saved = await (pkg ? packageApi.edit(dataProvider, spec, body) : packageApi.add(dataProvider, spec, body));
      notify('app.packages.saved', { type: 'success', messageArgs: { no: saved?.packageNo ?? body.packageNo ?? '' } });
      onSaved(saved);
    } catch (e) {
      setFormError(errorMessage(e));
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const title = pkg
    ? translate('app.packages.dialog.edit', { no: pkg.packageNo ?? '', order: orderNo })
    : translate('app.packages.dialog.add', { order: orderNo });

  return (
    <WideDialog
      onClose={onClose}
      busy={busy}
      title={title}
      testId="package-dialog"
      actions={
        <WideDialogButtons
          onCancel={onClose}
          cancelLabel="app.packages.action.cancel"
          label="app.packages.action.save"
          onConfirm={save}
          busy={busy}
          disabled={!rows}
          testId="package-save"
        />
      }
    >
      <Box data-testid="package-form" data-kind={kind}>
        <FieldInputs resource={spec.resource} fields={headerFields(spec)} values={{ ...values }} errors={fieldErrors} onChange={setField} hints={HINTS} disabled={busy} testId="package-form" />
        <Typography variant="subtitle2" sx={{ mt: 2.5, mb: 0.5 }}>
          {translate(`resources.${spec.resource}.columns.lines`)}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          {translate('app.packages.form.contents_hint')}
        </Typography>
        {loadError ? (
          <Alert severity="error" data-testid="package-load-error">
            {loadError}
          </Alert>
        ) : !rows ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2 }}>
            <CircularProgress size={20} />
            <Typography variant="body2">{translate('app.packages.form.loading')}</Typography>
          </Box>
        ) : (
          <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" data-testid="package-contents-table">
              <TableHead>
                <TableRow>
                  {contentHead(spec).map((h) => (
                    <TableCell key={h.key} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} align={h.left ? 'left' : 'right'}>
                      {translate(h.label)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={contentHead(spec).length} align="center" sx={{ color: 'text.secondary' }}>
                      {translate('app.packages.form.no_lines')}
                    </TableCell>
                  </TableRow>
                ) : (
                  rows.map((row, index) => (
                    <TableRow key={row.key} data-testid="package-content-row" data-sku={row.sku} sx={{ verticalAlign: 'top' }}>
                      <TableCell>{row.sku}</TableCell>
                      <TableCell>{row.skuName}</TableCell>
                      <TableCell>{row.batchNo || '—'}</TableCell>
                      <TableCell align="right">{row.ordered}</TableCell>
                      <TableCell align="right" data-testid="package-content-others">
                        {row.others}
                      </TableCell>
                      <TableCell align="right" sx={{ width: 160 }}>
                        <TextField
                          size="small"
                          value={row.qty}
                          onChange={(e) => setQty(index, e.target.value)}
                          error={Boolean(qtyErrors[index])}
                          helperText={qtyErrors[index]}
                          disabled={busy || availableOf(row) === 0}
                          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'package-content-qty', style: { textAlign: 'right' } } }}
                        />
                      </TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {formError ? (
          <Alert severity="error" sx={{ mt: 1.5 }} data-testid="package-form-error">
            {formError}
          </Alert>
        ) : null}
      </Box>
    </WideDialog>
  );
};
