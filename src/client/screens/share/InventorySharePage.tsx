/**
 * /inventoryShare?token=... (spec 2.1: open without a token; issue 16): the live, read-only stock a share
 * shows, for someone without an account. Served outside the layout: a header with the share's title, the
 * owner's name, its warehouse and expiry, and the language select (English / 中文); a search (SKU or product
 * name, Enter or the button) and a pager (10, 20, 50, 100 rows; default 20, spec 9). From 1024 px the rows
 * are a table; below, one card per row (spec 2.4 mobile). The columns are SKU, product name and the shared
 * ones, labelled by the manifest (`resources.sku.fields.*`, `enums.ShareColumn.*`).
 * Calls POST /sapi/wms/inventory-share/view (docs/share.md) through `sapi`, so HTTP 401/403 go to /401 and
 * HTTP 404 to /404 (spec 6, 8); an unknown, revoked, disabled or expired link shows the server's one
 * neutral message, as does the 429 of the rate limit.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { LocalesMenuButton, useLocaleState, useTranslate } from 'react-admin';
import { AppBridge } from '../../providers/AppBridge';
import { sapi } from '../../providers/http';
import { errorMessage } from '../../widgets/errorMessage';
import { formatDateTime } from '../../widgets/DateTimeField';
import { SHARE_CALLS } from './shareLink';
import type { ShareView } from '../../../shared/share';

/** Record key of each shared column (the server's answer, docs/share.md). */
export const COLUMN_KEYS: Record<string, string> = {
  AVAILABLE: 'available', QTY: 'qty', LOCK_QTY: 'lockQty', BATCH_NO: 'batchNo', WAREHOUSE: 'warehouse', IMAGE: 'image',
  CATEGORY: 'category', GOODS_NO: 'goodsNo', COLOR: 'color', SIZE: 'size', WEIGHT: 'weight',
};
const NUMERIC = new Set(['AVAILABLE', 'QTY', 'LOCK_QTY', 'WEIGHT']);
const PAGE_SIZES = [10, 20, 50, 100];

const Cell = ({ column, value }: { column: string; value: unknown }) => {
  if (column === 'IMAGE') {
    return typeof value === 'string' && value ? <Box component="img" src={value} alt="" sx={{ width: 48, height: 48, objectFit: 'contain' }} onError={(e) => ((e.target as HTMLImageElement).style.visibility = 'hidden')} /> : null;
  }
  return <>{value === null || value === undefined ? '' : String(value)}</>;
};

export const InventorySharePage = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const narrow = useMediaQuery('(max-width:1023.95px)');
  const [keyword, setKeyword] = useState('');
  const [typed, setTyped] = useState('');
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(20);
  const [view, setView] = useState<ShareView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setView(await sapi<ShareView>(SHARE_CALLS.view, { token, keyword: keyword || undefined, current, size }, { skipLoading: true }));
      setFailure(null);
    } catch (e) {
      setFailure(errorMessage(e));
      setView(null);
    } finally {
      setLoading(false);
    }
    // the language is a dependency: the neutral message comes back in it
  }, [token, keyword, current, size, locale]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    document.title = view?.title ?? translate('app.share.page.heading');
  }, [view, translate]);

  const search = (e: FormEvent) => {
    e.preventDefault();
    setCurrent(1);
    setKeyword(typed.trim());
  };
  const columns = view ? ['SKU', 'NAME', ...view.columns] : [];
  const headOf = (c: string) => translate(c === 'SKU' ? 'resources.sku.fields.sku' : c === 'NAME' ? 'resources.sku.fields.name' : `enums.ShareColumn.${c}`);
  const valueOf = (r: Record<string, unknown>, c: string) => (c === 'SKU' ? r.sku : c === 'NAME' ? r.name : r[COLUMN_KEYS[c]]);

  return (
    <Box data-testid="public-share-page" sx={{ minHeight: '100vh', bgcolor: 'background.default', p: { xs: 1.5, md: 3 } }}>
      <AppBridge />
      <Stack direction="row" alignItems="flex-start" justifyContent="space-between" spacing={2} sx={{ mb: 2 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1" data-testid="public-share-title" sx={{ wordBreak: 'break-word' }}>
            {view?.title ?? translate(failure ? 'app.share.page.invalid_title' : 'app.share.page.heading')}
          </Typography>
          {view && (
            <Typography variant="body2" color="text.secondary" data-testid="public-share-owner">
              {[
                translate('app.share.page.shared_by', { owner: view.ownerName }),
                view.warehouseName ? translate('app.share.page.in_warehouse', { warehouse: view.warehouseName }) : null,
                view.expireDate ? translate('app.share.page.expires', { date: formatDateTime(view.expireDate) }) : null,
              ].filter(Boolean).join(' · ')}
            </Typography>
          )}
        </Box>
        <Box data-testid="public-share-language" sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
          <LocalesMenuButton />
        </Box>
      </Stack>

      {failure ? (
        <Alert severity="warning" data-testid="public-share-message">
          {failure}
        </Alert>
      ) : (
        <Paper sx={{ p: { xs: 1, md: 2 } }}>
          <Box component="form" onSubmit={search} sx={{ display: 'flex', gap: 1, mb: 2, flexWrap: 'wrap' }}>
            <TextField
              size="small"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder={translate('app.share.page.search')}
              sx={{ flex: '1 1 240px', maxWidth: 480 }}
              slotProps={{ htmlInput: { 'aria-label': translate('app.share.page.search'), 'data-testid': 'public-share-search', maxLength: 100 } }}
            />
            <Button type="submit" variant="contained" data-testid="public-share-search-button">
              {translate('app.share.page.search_button')}
            </Button>
          </Box>
          {!view && loading ? (
            <Stack direction="row" spacing={1} alignItems="center" sx={{ p: 2 }}>
              <CircularProgress size={20} />
              <Typography variant="body2">{translate('app.share.page.loading')}</Typography>
            </Stack>
          ) : view && view.page.records.length === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary" data-testid="public-share-empty">
              {translate('app.share.page.empty')}
            </Typography>
          ) : view && narrow ? (
            <Stack spacing={1} data-testid="public-share-cards">
              {view.page.records.map((r, i) => (
                <Card key={i} variant="outlined" data-testid="public-share-row">
                  <CardContent sx={{ py: 1, '&:last-child': { pb: 1 } }}>
                    {columns.map((c) => (
                      <Stack key={c} direction="row" justifyContent="space-between" spacing={2}>
                        <Typography variant="body2" color="text.secondary">
                          {headOf(c)}
                        </Typography>
                        <Typography variant="body2" sx={{ textAlign: 'right', wordBreak: 'break-word' }} data-testid={`public-share-cell-${c}`}>
                          <Cell column={c} value={valueOf(r, c)} />
                        </Typography>
                      </Stack>
                    ))}
                  </CardContent>
                </Card>
              ))}
            </Stack>
          ) : view ? (
            <TableContainer>
              <Table size="small" data-testid="public-share-table">
                <TableHead>
                  <TableRow>
                    {columns.map((c) => (
                      <TableCell key={c} align={NUMERIC.has(c) ? 'right' : 'left'} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                        {headOf(c)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {view.page.records.map((r, i) => (
                    <TableRow key={i} data-testid="public-share-row">
                      {columns.map((c) => (
                        <TableCell key={c} align={NUMERIC.has(c) ? 'right' : 'left'} data-testid={`public-share-cell-${c}`}>
                          <Cell column={c} value={valueOf(r, c)} />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ) : null}
          {view && (
            <TablePagination
              component="div"
              count={view.page.total}
              page={Math.max(0, current - 1)}
              onPageChange={(_, p) => setCurrent(p + 1)}
              rowsPerPage={size}
              rowsPerPageOptions={PAGE_SIZES}
              onRowsPerPageChange={(e) => {
                setSize(Number(e.target.value));
                setCurrent(1);
              }}
              labelRowsPerPage={translate('app.share.page.rows_per_page')}
              // MUI's own "1–3 of 3" stayed English in Chinese (issue 27)
              labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
              data-testid="public-share-pager"
            />
          )}
        </Paper>
      )}
    </Box>
  );
};
