// The day's log as CSV, checked against RFC 4180 §2 written out by hand: a field with a comma, a double quote or a
// line break is quoted and its quotes doubled; records end in CRLF; the file starts with a UTF-8 byte-order mark so
// Excel reads Hindi names.
import { describe, expect, it } from 'vitest';
import { csvField, csvText } from '../../../electron/services/day/day-csv';

describe('day CSV', () => {
  it('quotes a name with a comma, a quote and Hindi text, and leaves plain fields alone', () => {
    const text = csvText([
      ['Time', 'Name', 'ABHA number'],
      ['10:05', 'Sharma, Ravi "Raju" रवि शर्मा', '91-4820-1736-5529'],
    ]);
    expect(text).toBe('\uFEFFTime,Name,ABHA number\r\n10:05,"Sharma, Ravi ""Raju"" रवि शर्मा",91-4820-1736-5529\r\n');
  });

  it('starts with the UTF-8 byte-order mark EF BB BF once encoded', () => {
    const bytes = new TextEncoder().encode(csvText([['आशा देवी वर्मा']]));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.subarray(3))).toBe('आशा देवी वर्मा\r\n');
  });

  it('quotes a line break inside a field', () => {
    expect(csvField('Gandhi Road\nLucknow')).toBe('"Gandhi Road\nLucknow"');
  });

  it('keeps an empty field empty', () => {
    expect(csvText([['a', '', 'b']])).toBe('\uFEFFa,,b\r\n');
  });

  it('turns a cell a spreadsheet would run as a formula into text', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+91 98765')).toBe("'+91 98765");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });
});
