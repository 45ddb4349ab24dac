/** The outbound order screens: normal and noon lists, create/edit dialog, view and pack dialogs. */
export { OutboundList, OutboundNormalList, OutboundNoonList, type OutboundListProps } from './OutboundList';
export { OutboundEditDialog, type OutboundEditDialogProps } from './OutboundEditDialog';
export { OutboundViewDialog, OutboundPackDialog } from './OutboundSmallDialogs';
export { OutboundRowActions, outboundActionNames } from './OutboundRowActions';
export { buildOutboundFilter } from './OutboundFilterBar';
export { outboundMessages } from './messages';
export { outboundApi } from './outboundApi';
export * from './formSchema';
export * from './constants';
export { outboundRoutes } from './routes';
