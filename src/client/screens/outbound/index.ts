/** The outbound order pieces besides the generated lists (resources.yaml outboundOrder.screen): calls, constants, the pack dialog. */
export { OutboundPackDialog } from './OutboundPackDialog';
export { outboundApi } from './outboundApi';
export * from './constants';
