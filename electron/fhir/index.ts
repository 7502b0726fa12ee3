// Reading FHIR bundles (plain Node, no imports from the rest of the repository): the HIU engine's index facts and the
// record viewer's view model (docs/record-viewer.md).
export { bundleFacts, type BundleFacts } from './bundle-facts';
export { recordView } from './record-view';
export { attachmentData } from './attachments';
export { narrativeText } from './narrative';
export * from './view-model';
