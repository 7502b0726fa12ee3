// Escaping text for HTML and SVG markup, once: every page the desk prints (the card, a received record, the day's
// log) and the SVG made around a card's picture put text from elsewhere (a name typed at ABDM, a record's content)
// into markup, where a "<" must stay a character and never become a tag.

/**
 * The text with & < > " ' written as character references (&#38; &#60; &#62; &#34; &#39;), safe in element content
 * and in a quoted attribute, in HTML and in XML (SVG) alike.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
