// The relay's log: one JSON object a line (time, level, event, fields), for journald or a log shipper. Callers pass
// ids and counts only; a body, a credential or a push secret never reaches here (docs/relay.md, "Logs").
export interface RelayLog {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

export function jsonLinesLog(write: (line: string) => void = (line) => process.stdout.write(`${line}\n`), now: () => number = Date.now): RelayLog {
  const entry = (level: string) => (event: string, fields: Record<string, unknown> = {}) =>
    write(JSON.stringify({ at: new Date(now()).toISOString(), level, event, ...fields }));
  return { info: entry('info'), warn: entry('warn'), error: entry('error') };
}

export const silentLog: RelayLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
