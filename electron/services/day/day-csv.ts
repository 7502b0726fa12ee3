// The day's log as a CSV file a spreadsheet opens as it is: RFC 4180 (fields separated by commas, records by CRLF,
// a field with a comma, a double quote or a line break enclosed in double quotes, a double quote inside doubled),
// UTF-8 with a byte-order mark, because Excel reads a CSV without one in the computer's legacy code page and shows
// Hindi names as mojibake.

const BOM = '\uFEFF';

/**
 * A spreadsheet runs a cell that starts with =, +, -, @ (or a tab or carriage return before one) as a formula, so
 * text from outside (a name, an address) could run one on the clerk's computer (OWASP "CSV injection"). Such a cell
 * gets a leading apostrophe, which the spreadsheet shows as text and hides.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows (the first is the header) as the file's text, the byte-order mark first and CRLF after every record. */
export function csvText(rows: readonly (readonly string[])[]): string {
  return BOM + rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
