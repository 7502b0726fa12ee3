// Writing FHIR: the documents the desk files as an HIP (docs/hip-documents.md). Pure like electron/fhir/ (which reads):
// it builds a bundle from facts it is given and checks it against FHIR R4's schema and the NRCeS profiles.
export { buildDocumentBundle, ABHA_SYSTEM, FACILITY_SYSTEM, type DocumentBundleInput, type DocumentIds, type DocumentPatient } from './document-bundle';
export { RECORD_KINDS, PROFILE_BASE, SNOMED, type RecordKind, type RecordKindRule } from './record-kinds';
export { profileProblems, REQUIRED_ELEMENTS } from './profile-checks';
export { r4SchemaProblems } from './r4-schema';
