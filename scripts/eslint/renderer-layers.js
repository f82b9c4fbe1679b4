// The layers of renderer/ as a lint rule, by where an import lands (not by how its path is spelt: `../platform` is
// renderer/src/platform from one folder and renderer/platform from the next). Lowest first; a layer imports only the
// layers below it and its own:
//   platform  renderer/platform      the desktop or the browser behind one interface (window.desktop, cookies)
//   api       renderer/src/api       one HTTP client per service base
//   session   renderer/src/session   the signed-in user, the platform chosen
//   live      renderer/src/platform  the server's live events (a connection per session)
//   core      renderer/src/core      what every screen needs (notices, dialogs, i18n, theme, the workspace)
//   resources renderer/src/resources the engine's list, form and data
//   features  renderer/src/features  built on the engine, shared by pages (editor, files, editorial, visitors' records)
//   pages     renderer/src/pages     one folder per screen; a page imports no other page (what two share is a feature)
//   app       renderer/src/app, renderer/src/main.tsx  the shell, the routes and the navigation
// Test files are exempt (they set up what they test). Imports leaving renderer/ are the runtime rules' concern.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { layerRule } from './imports.js';

const RENDERER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../renderer');

export const RENDERER_LAYERS = [
  ['platform', 'platform'],
  ['api', 'src/api'],
  ['session', 'src/session'],
  ['live', 'src/platform'],
  ['core', 'src/core'],
  ['resources', 'src/resources'],
  ['features', 'src/features'],
  ['pages', 'src/pages'],
  ['app', 'src/app', 'src/main.tsx'],
];

/** The layer a file of renderer/ is in (its index and name), and for a page its folder; null outside the layers. */
export function layerOf(file) {
  const rel = path.relative(RENDERER, file).split(path.sep).join('/');
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  for (let i = 0; i < RENDERER_LAYERS.length; i++) {
    const [name, ...roots] = RENDERER_LAYERS[i];
    for (const root of roots) {
      if (rel === root || rel.startsWith(`${root}/`) || rel.replace(/\.[cm]?[jt]sx?$/, '') === root.replace(/\.[cm]?[jt]sx?$/, '')) {
        const page = name === 'pages' ? rel.slice(root.length + 1).split('/')[0] : undefined;
        return { index: i, name, page };
      }
    }
  }
  return null;
}

/** Why a file in `from` may not import one in `to` (both from layerOf), or null when it may. */
export function refusal(from, to) {
  if (to.index > from.index) {
    const above = RENDERER_LAYERS.slice(from.index + 1).map(([n]) => n).join(', ');
    return `renderer ${from.name} is below ${above}: it does not import ${to.name}.`;
  }
  if (from.name === 'pages' && to.name === 'pages' && from.page !== to.page) {
    return `a page imports no other page (pages/${from.page} → pages/${to.page}): what two pages share goes under features/ or resources/.`;
  }
  return null;
}

const rule = layerRule({ description: 'renderer/ imports follow its layers', placeOf: layerOf, refusal, skip: (file) => /\.test\.[jt]sx?$/.test(file) });

export const rendererLayers = { rules: { 'renderer-layers': rule } };
