import { describe, expect, it } from 'vitest';
import { narrativeText } from '../../../electron/fhir/index';

describe('narrativeText: XHTML narrative to plain text, never HTML', () => {
  it('drops tags, keeps block structure as lines, and decodes entities', () => {
    expect(narrativeText('<div xmlns="http://www.w3.org/1999/xhtml"><p>No Known Allergy</p><p>recordedDate:2015-08-06</p></div>')).toBe(
      'No Known Allergy\nrecordedDate:2015-08-06',
    );
    expect(narrativeText('<div><table><tr><td>Hb</td><td>11.2 g/dL</td></tr><tr><td>WBC</td><td>7.4</td></tr></table></div>')).toBe('Hb 11.2 g/dL\nWBC 7.4');
    expect(narrativeText('<div>a &lt;b&gt; &amp; &quot;c&quot; &#8377;100 &#x20B9;5&nbsp;x &unknown;</div>')).toBe('a <b> & "c" ₹100 ₹5 x &unknown;');
  });

  it('removes script, style and comments with their content, and event-handler markup', () => {
    const text = narrativeText(
      '<div><script>alert(1)</script><style>p{}</style><!-- hidden --><p onclick="alert(2)">Seen</p><img src="x" onerror="alert(3)"/><a href="javascript:alert(4)">link</a><script>unclosed',
    );
    expect(text).toBe('Seen\nlink');
  });

  it('an encoded tag stays text: it is shown, not interpreted', () => {
    expect(narrativeText('<div>&lt;script&gt;alert(1)&lt;/script&gt;</div>')).toBe('<script>alert(1)</script>');
  });

  it('strips control and bidirectional-override characters; keeps Devanagari', () => {
    expect(narrativeText('<div>बुखार\u0007 \u202Eevil\u202C</div>')).toBe('बुखार evil');
  });

  it('null for what is not a string or has no text', () => {
    expect(narrativeText(undefined)).toBeNull();
    expect(narrativeText(5)).toBeNull();
    expect(narrativeText('<div>  <br/> </div>')).toBeNull();
  });

  it('cuts very long narrative', () => {
    expect(narrativeText(`<div>${'x'.repeat(30_000)}</div>`)!.length).toBe(20_001);
  });
});
