// The simulator's patients at a registration counter (docs/sandbox-hip.md): a training resident scans a counter's
// QR (Scan & Share), ABDM posts the profile to the desk's bridge, and the desk's on-share with the token number comes
// back to the gateway. Mounted in sandbox/app.ts: the on-share routes beside each generation's gateway, the controls
// under /_sandbox/hip.
export { hipControlRoutes } from './control-routes';
export { hipOnShareLegacyRoutes, hipOnShareV3Routes } from './on-share-routes';
export { hipShareLogOf, type ReceivedOnShare, type SentShare, type ShareGeneration } from './share-log';
export { foreignHiuPushRoutes, FOREIGN_HIU_PUSH_PATH } from './foreign-hiu-push-route';
export { hipFlowControlRoutes } from './hip-flow-control-routes';
export { hipFlowV05Routes, hipFlowV3Routes } from './hip-gateway-routes';
export { hipFlowStateOf } from './hip-flow-state';
export { recordHipTransferNotify } from './hip-answers';
