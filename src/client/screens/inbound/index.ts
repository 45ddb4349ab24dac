/** The inbound order screens besides the generated lists (resources.yaml inboundOrder.screen): the receiving screens. */
export { InboundHeader } from './InboundHeader';
export { InboundReceivePage, NormalInboundExec, ReturnInboundExec, RejectInboundExec, type InboundReceivePageProps } from './InboundReceivePage';
export { inboundMessages } from './messages';
export { inboundApi } from './inboundApi';
export * from './formSchema';
export * from './constants';
export { inboundRoutes } from './routes';
