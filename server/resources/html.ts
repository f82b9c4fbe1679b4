// Rich text is cleaned when it is saved (docs/api.md "Writes"): what the console's editor can make (TipTap's
// starter kit, tables, text style, images, links) passes; scripts, event handlers, `javascript:` links, frames and
// styles beyond the editor's own do not. The public websites receive the stored HTML as it is, so it is clean here.
import sanitizeHtml from 'sanitize-html';

const CELL = ['colspan', 'rowspan', 'colwidth', 'style'];
const LENGTH = /^\d+(\.\d+)?(px|pt|em|rem|%)$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'sub', 'sup', 'mark',
    'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'hr', 'a', 'img', 'span', 'div', 'figure', 'figcaption',
    'table', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height', 'style'],
    span: ['style'],
    p: ['style'],
    h1: ['style'], h2: ['style'], h3: ['style'], h4: ['style'], h5: ['style'], h6: ['style'],
    ol: ['start', 'type'],
    table: ['style'],
    col: ['span', 'style'],
    th: CELL,
    td: CELL,
  },
  allowedStyles: {
    '*': {
      'font-family': [/^[\w\s,'"-]+$/],
      'font-size': [LENGTH],
      'text-align': [/^(left|right|center|justify)$/],
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/],
      width: [LENGTH],
      'min-width': [LENGTH],
      height: [LENGTH],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // Pasted pictures arrive as data: URLs; a picture cannot run code.
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  // Links that open elsewhere cannot reach back into the page that opened them.
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs }),
  },
};

/** HTML from the editor with everything it cannot make taken out. */
export function cleanHtml(html: string): string {
  return html ? sanitizeHtml(html, OPTIONS) : html;
}
