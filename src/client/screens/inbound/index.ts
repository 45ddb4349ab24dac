/** The inbound order screens (issue 5): lists per type, create/edit dialog, receiving screens. */
export { InboundList, InboundNormalList, InboundReturnList, InboundRejectList, type InboundListProps } from './InboundList';
export { InboundEditDialog, type InboundEditDialogProps } from './InboundEditDialog';
export { InboundProblemDialog, InboundViewDialog, InboundHeader, problemReasonError } from './InboundSmallDialogs';
export { InboundRowActions, rowActionNames } from './InboundRowActions';
export { InboundReceivePage, NormalInboundExec, ReturnInboundExec, RejectInboundExec, type InboundReceivePageProps } from './InboundReceivePage';
export { inboundMessages } from './messages';
export { inboundApi } from './inboundApi';
export { buildInboundFilter, inboundFormValues } from './InboundFilterBar';
export * from './formSchema';
export * from './constants';
export { inboundRoutes } from './routes';
