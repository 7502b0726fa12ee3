// The screens' dates: the one format of every screen and printout, shared with main's print pages.
export { formatAbdmDate, formatDate, formatDateTime, formatFhirDate, formatIsoDate, formatIsoDateTime, formatTime, parseDay } from '../../electron/shared/dates';
