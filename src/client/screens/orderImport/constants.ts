/**
 * The two order imports as the console calls them (issue 5; server: src/server/domain/imports/
 * order-import-routes.ts): the import call `<order path>/excel/import` with `{ type, filePath, fileUrl }`,
 * the template under /static/templates/, the button's permission (the manifest's add code of the order
 * resource: inbound:edit, outbound:edit) and the enum of the order type.
 */
import { apiPaths } from '../../../../generated/client/api';
import { inboundOrderMeta } from '../../../../generated/shared/resources/inboundOrder';
import { outboundOrderMeta } from '../../../../generated/shared/resources/outboundOrder';
import type { ResourceSpec } from '../../../shared/resource-meta';

export type OrderImportKind = 'inbound' | 'outbound';

export interface OrderImportConfig {
  /** POST path of the import call. */
  path: string;
  /** The template, opened in a new tab. */
  template: string;
  /** Permission code of the import button. */
  code: string;
  /** Name of the order type enum (labels under `enums.<name>.<KEY>`). */
  typeEnum: 'InboundOrderType' | 'OutboundOrderType';
}

const configOf = (resource: 'inboundOrder' | 'outboundOrder', templateFile: string, typeEnum: OrderImportConfig['typeEnum']): OrderImportConfig => ({
  path: `${apiPaths[resource]}/excel/import`,
  template: `/static/templates/${templateFile}`,
  code: ((resource === 'inboundOrder' ? inboundOrderMeta : outboundOrderMeta) as ResourceSpec).permissions.add!,
  typeEnum,
});

export const ORDER_IMPORTS: Record<OrderImportKind, OrderImportConfig> = {
  inbound: configOf('inboundOrder', 'inbound-order-import.xlsx', 'InboundOrderType'),
  outbound: configOf('outboundOrder', 'outbound-order-import.xlsx', 'OutboundOrderType'),
};

/** The body of the import call. */
export interface OrderImportForm {
  type: number;
  filePath: string;
  fileUrl: string;
}
