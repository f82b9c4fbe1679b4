// The layer rules (server-layers.js, renderer-layers.js) are one rule over different maps: every relative import,
// re-export, dynamic import and `import('…')` type of a file, and a `declare module '…'`, is resolved to the place it
// lands in (`placeOf`: null outside the map) and reported when `refusal(from, to)` says why it may not.
import path from 'node:path';

const literal = (node) => (node && node.type === 'Literal' ? node.value : undefined);

/** @returns {import('eslint').Rule.RuleModule} */
export function layerRule({ description, placeOf, refusal, skip = () => false }) {
  return {
    meta: { type: 'problem', docs: { description }, schema: [] },
    create(context) {
      const file = context.filename ?? context.getFilename();
      const from = skip(file) ? null : placeOf(file);
      if (!from) return {};
      const check = (node, specifier) => {
        if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
        const to = placeOf(path.resolve(path.dirname(file), specifier));
        if (!to) return;
        const why = refusal(from, to);
        if (why) context.report({ node, message: why });
      };
      return {
        ImportDeclaration: (node) => check(node.source, node.source.value),
        ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
        ExportAllDeclaration: (node) => check(node.source, node.source.value),
        ImportExpression: (node) => check(node.source, literal(node.source)),
        // typescript-eslint 8 names the specifier `source` (a string literal); before, `argument` (a literal type).
        TSImportType: (node) => check(node, 'source' in node ? literal(node.source) : literal(node.argument?.literal)),
        TSModuleDeclaration: (node) => check(node.id, literal(node.id)),
      };
    },
  };
}
