import { createDocument, getHTMLFromFragment, type Editor } from '@tiptap/react';
import { Fragment, type Node as PMNode, type Schema } from '@tiptap/pm/model';

/**
 * The editor gives back the HTML it was given for what the user did not change (issue 42: saving rewrote
 * unchanged HTML, so an edit of one word showed changes everywhere). TipTap serialises its document in its own
 * way (a table gains a `<colgroup>`, a list item a `<p>`, a style its spaces, `<img/>` loses its slash); so the
 * HTML as loaded is kept, cut into its top-level blocks, and each block of the document that is still the
 * block it was is written as it was loaded. Only blocks the user changed (or added) are TipTap's own HTML.
 */
export interface LoadedHtml {
  html: string;
  doc: PMNode;
  /** The loaded top-level blocks, each with its source text (leading whitespace included); empty when the
   * source could not be cut block by block (then a changed document is written wholly by TipTap). */
  blocks: { node: PMNode; source: string }[];
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
// A tag with its attributes (quoted values may hold `>`), or a comment.
const TOKEN = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/g;

/** Nothing but whitespace and comments. */
const blank = (text: string) => !text.replace(/<!--[\s\S]*?-->/g, '').trim();

/** The source text of each top-level element of `html`, or null when it is not a plain sequence of balanced
 * elements (top-level text, unclosed tags): then block positions in the source are not certain. */
export function topLevelSources(html: string): string[] | null {
  const sources: string[] = [];
  let depth = 0;
  let start = 0;
  for (const match of html.matchAll(TOKEN)) {
    if (match[0].startsWith('<!--')) continue;
    const [whole, closing, rawName, , selfClosing] = match;
    const end = match.index + whole.length;
    const name = rawName.toLowerCase();
    if (closing) {
      depth -= 1;
      if (depth < 0) return null;
    } else {
      if (depth === 0 && !blank(html.slice(start, match.index))) return null;
      if (!VOID.has(name) && !selfClosing) depth += 1;
    }
    if (depth === 0) {
      sources.push(html.slice(start, end));
      start = end;
    }
  }
  if (depth !== 0 || !blank(html.slice(start))) return null;
  return sources;
}

/** Remember HTML just put into the editor (whose document `doc` is). */
export function rememberLoaded(html: string, doc: PMNode, schema: Schema): LoadedHtml {
  const sources = topLevelSources(html);
  if (!sources || sources.length !== doc.childCount) return { html, doc, blocks: [] };
  // A source is kept for its block only when on its own it makes exactly that block (a bare `<img>` at the top
  // makes a paragraph: fine; a table the editor had to repair is not what its source says: written anew).
  const blocks = sources
    .map((source, index) => ({ source, node: doc.child(index) }))
    .filter(({ source, node }) => {
      const alone = createDocument(source, schema);
      return alone.childCount === 1 && alone.child(0).eq(node);
    });
  return { html, doc, blocks };
}

/** The document as HTML: the loaded HTML when nothing changed, else the loaded source of each unchanged block. */
export function htmlKeepingLoaded(doc: PMNode, schema: Schema, loaded: LoadedHtml | null): string {
  if (loaded && doc.eq(loaded.doc)) return loaded.html;
  const blocks = loaded?.blocks ?? [];
  let next = 0;
  const parts: string[] = [];
  doc.forEach((node) => {
    // Blocks keep their order: look for this one among the loaded blocks not yet used, from the last match on.
    let found = -1;
    for (let i = next; i < blocks.length && found < 0; i += 1) if (blocks[i].node.eq(node)) found = i;
    if (found >= 0) {
      parts.push(blocks[found].source);
      next = found + 1;
    } else {
      parts.push(getHTMLFromFragment(Fragment.from(node), schema));
    }
  });
  return parts.join('');
}

/** The editor's HTML as the form keeps it: '' for an empty document, so a "required" rule works. */
export const editorHtml = (editor: Editor, loaded: LoadedHtml | null) =>
  editor.isEmpty ? '' : htmlKeepingLoaded(editor.state.doc, editor.schema, loaded);
