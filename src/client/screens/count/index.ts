/** The blind counting screen (issue 30; manifest screens.countExec, /func/count_exec): scan a location, count its goods. */
export { CountExecPage } from './CountExecPage';
export { countApi } from './countApi';
export { countMessages } from './messages';
export { countRoutes } from './routes';
export * from './constants';
export * from './lines';
