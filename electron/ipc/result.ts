// Moved to electron/shared/errors.ts; kept only until the last importers are updated.
export { AppFailure, type AppError, type ErrorCode, type Result } from '../shared/errors';
