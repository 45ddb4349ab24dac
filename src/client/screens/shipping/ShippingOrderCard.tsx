/**
 * The scanned order on the shipping screen: header (order number, status tag, type, platform order, owner,
 * warehouse, receiver, waybill), its lines (SKU, name, batch, quantity, allocated) and its packages (number,
 * waybill, carrier, weight kg, L × W × H cm, contents), with a Print (package label) button per package and an
 * Edit button when `onEditPackage` is given; with `counts` (the line scan's counts, issue 27 item 8) a "Scanned"
 * column shows scanned / ordered per line; Print of the order's pick list and packing list sits next to its
 * number (issue 16). The scanned package, if any, is highlighted.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { StatusTag, useEnumLabel } from '../../kit/cells';
import { screenOf } from '../../kit/screen/spec';
import { screenSource } from '../../../../generated/client/views/outboundOrder';
import { PackageContents, dimensionsText } from '../packages/cells';
import type { PackageRecord } from '../packages/constants';
import type { OutboundRecord } from './constants';
import { PrintButton } from '../print/PrintButton';
import { LineProgress } from '../../widgets/LineScanField';

/** Line headers: the manifest's labels (line fields, the SKU's name, the screen's allocated column). */
const LINE_HEADS = [
  'wms.doc.line.no',
  'resources.outboundOrderLine.fields.skuId',
  'resources.sku.fields.name',
  'resources.outboundOrderLine.fields.batchNo',
  'resources.outboundOrderLine.fields.qty',
  'resources.outboundOrder.columns.allocatedQty',
];

/** The outbound order's status tag, as the manifest's screen colours it. */
const STATUS_LOOK = screenOf(screenSource, 'outboundOrder').status!;

const Head = ({ keys }: { keys: string[] }) => {
  const translate = useTranslate();
  return (
    <TableHead>
      <TableRow>
        {keys.map((k) => (
          <TableCell key={k} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
            {translate(k)}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box sx={{ mt: 2 }}>
    <Typography variant="subtitle2" sx={{ mb: 0.75 }}>
      {title}
    </Typography>
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>{children}</TableContainer>
  </Box>
);

export interface ShippingOrderCardProps {
  order: OutboundRecord;
  packages: PackageRecord[] | null;
  onEditPackage?: (pkg: PackageRecord) => void;
  /** Scanned count per line (the screen's line scan), shown against the ordered quantity. */
  counts?: readonly number[];
  /** Shown above the lines (the line scan box and its progress). */
  scan?: ReactNode;
  /** The action buttons. */
  children?: ReactNode;
}

export const ShippingOrderCard = ({ order, packages, onEditPackage, counts, scan, children }: ShippingOrderCardProps) => {
  const translate = useTranslate();
  const enumText = useEnumLabel();
  const field = (name: string) => translate(`resources.outboundOrder.fields.${name}`);
  const address = [order.address, order.city, order.province, order.countryCode].filter(Boolean).join(', ');
  const facts: Array<[string, string, string]> = [
    ['type', field('type'), enumText('OutboundOrderType', order.type)],
    ['platform-order-no', field('platformOrderNo'), order.platformOrderNo ?? ''],
    ['owner', field('ownerName'), order.ownerName ?? ''],
    ['warehouse', field('warehouseName'), order.warehouseName ?? ''],
    ['receiver', field('receiverName'), [order.receiverName, order.receiverPhone].filter(Boolean).join(' · ')],
    ['address', field('address'), address],
    ['waybill-no', field('waybillNo'), order.waybillNo ?? ''],
  ];
  const scanned = order.package?.id;
  return (
    <Box data-testid="shipping-order">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h6" data-testid="shipping-order-no">
          {order.orderNo}
        </Typography>
        <StatusTag look={STATUS_LOOK} status={Number(order.status)} testId="shipping-status" />
        {order.package ? (
          <Chip size="small" variant="outlined" label={translate('app.shipping.scanned_package', { no: order.package.packageNo ?? '' })} data-testid="shipping-scanned-package" />
        ) : null}
        <PrintButton documents={['pickList', 'packingList']} id={Number(order.id)} testId="shipping-print" variant="outlined" />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', columnGap: 3, rowGap: 1 }}>
        {facts.map(([id, label, value]) => (
          <Box key={id}>
            <Typography variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography variant="body2" data-testid={`shipping-order-${id}`}>
              {value || '—'}
            </Typography>
          </Box>
        ))}
      </Box>

      {scan ? <Box sx={{ mt: 2 }}>{scan}</Box> : null}
      <Section title={translate('app.shipping.lines')}>
        <Table size="small" data-testid="shipping-lines">
          <Head keys={counts ? [...LINE_HEADS, 'wms.widgets.lineScan.column'] : LINE_HEADS} />
          <TableBody>
            {(order.lines ?? []).map((l, i) => (
              <TableRow key={l.id ?? i} data-testid="shipping-line">
                <TableCell>{i + 1}</TableCell>
                <TableCell>{l.sku}</TableCell>
                <TableCell>{l.skuName}</TableCell>
                <TableCell>{l.batchNo || '—'}</TableCell>
                <TableCell data-testid="shipping-line-qty">{l.qty}</TableCell>
                <TableCell data-testid="shipping-line-allocated">{l.allocatedQty ?? 0}</TableCell>
                {counts ? (
                  <TableCell>
                    <LineProgress reached={counts[i] ?? 0} planned={Number(l.qty)} testId="shipping-line-scanned" />
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>

      <Section title={translate('resources.outboundPackage.name')}>
        <Table size="small" data-testid="shipping-packages">
          <Head
            keys={[
              'resources.outboundPackage.fields.packageNo',
              'resources.outboundPackage.fields.waybillNo',
              'resources.outboundPackage.fields.carrier',
              'resources.outboundPackage.fields.weight',
              'resources.outboundPackage.columns.dimensions',
              'resources.outboundPackage.columns.lines',
              'wms.doc.column.operations',
            ]}
          />
          <TableBody>
            {packages === null ? null : packages.length === 0 ? (
              <TableRow>
                <TableCell colSpan={7} align="center" sx={{ color: 'text.secondary' }} data-testid="shipping-no-packages">
                  {translate('app.shipping.no_packages')}
                </TableCell>
              </TableRow>
            ) : (
              packages.map((p) => (
                <TableRow key={p.id} data-testid="shipping-package" selected={p.id === scanned} sx={{ verticalAlign: 'top' }}>
                  <TableCell data-testid="shipping-package-no">{p.packageNo}</TableCell>
                  <TableCell>{p.waybillNo || '—'}</TableCell>
                  <TableCell>{p.carrier || '—'}</TableCell>
                  <TableCell>{p.weight ?? '—'}</TableCell>
                  <TableCell>{dimensionsText(p) || '—'}</TableCell>
                  <TableCell>
                    <PackageContents lines={p.lines} testId="shipping-package-contents" />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <PrintButton documents={['outboundPackageLabel']} id={Number(p.id)} testId="shipping-package-print" />
                    {onEditPackage ? (
                      <Button size="small" onClick={() => onEditPackage(p)} data-testid="shipping-package-edit">
                        {translate('wms.doc.action.edit')}
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </Section>
      {children ? <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mt: 2 }}>{children}</Box> : null}
    </Box>
  );
};
