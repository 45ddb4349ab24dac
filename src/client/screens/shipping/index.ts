/** The shipping screen (issue 5; spec 2.3 /func/normal_outbound_exec): scan, allocate, pick, pack, ship. */
export { ShippingPage } from './ShippingPage';
export { ShippingOrderCard, type ShippingOrderCardProps } from './ShippingOrderCard';
export { PackOrderDialog, type PackOrderDialogProps } from './PackOrderDialog';
export { shippingApi } from './shippingApi';
export { shippingMessages } from './messages';
export { shippingRoutes } from './routes';
export * from './constants';
