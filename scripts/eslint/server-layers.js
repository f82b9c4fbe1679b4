// The layers of server/ as a lint rule (VS Code's code-layering): an allow-list built from server/modules.json, the
// declaration the modules' manifests read their layer and imports from. Every relative import, re-export, dynamic
// import, `import('…')` type and `declare module '…'` of a server file is resolved to the unit it lands in and allowed
// only as modules.json says (its "$comment" states the rules). Imports that leave server/ are the runtime rules' concern.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { layerRule } from './imports.js';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server');
export const layering = JSON.parse(fs.readFileSync(path.join(SERVER, 'modules.json'), 'utf8'));

const layerIndex = new Map(layering.layers.map((l, i) => [l.name, i]));
const openLayers = new Set(layering.layers.filter((l) => l.open).map((l) => l.name));
const units = layering.units;

/** What is wrong with modules.json itself: unknown layers, imports of unknown or higher units, cycles. */
export function layeringProblems() {
  const problems = [];
  for (const [name, unit] of Object.entries(units)) {
    if (!layerIndex.has(unit.layer)) problems.push(`${name}: unknown layer "${unit.layer}"`);
    for (const dep of unit.imports ?? []) {
      const target = units[dep];
      if (!target) problems.push(`${name} imports "${dep}", which is not a unit`);
      else if (openLayers.has(target.layer)) problems.push(`${name} imports "${dep}": the ${target.layer} layer is open, it needs no declaration`);
      else if (layerIndex.get(target.layer) > layerIndex.get(unit.layer)) problems.push(`${name} (${unit.layer}) imports "${dep}" (${target.layer}), a higher layer`);
    }
  }
  // A module never builds on itself through others.
  const visiting = new Set();
  const done = new Set();
  const visit = (name, trail) => {
    if (done.has(name)) return;
    if (visiting.has(name)) return problems.push(`a cycle: ${[...trail, name].join(' → ')}`);
    visiting.add(name);
    for (const dep of units[name]?.imports ?? []) visit(dep, [...trail, name]);
    visiting.delete(name);
    done.add(name);
  };
  for (const name of Object.keys(units)) visit(name, []);
  return problems;
}

const problems = layeringProblems();
if (problems.length) throw new Error(`server/modules.json: ${problems.join('; ')}`);

/** The unit a file of server/ belongs to (its folder, or its own name at the top) and its path inside it. */
export function unitOf(file) {
  const rel = path.relative(SERVER, file);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  const bare = (p) => p.replace(/\.(test\.)?[cm]?[jt]sx?$/, '').replace(/\.json$/, '');
  if (parts.length === 1) return { unit: bare(parts[0]), inside: '' };
  const inside = bare(parts.slice(1).join('/')).replace(/(^|\/)index$/, '');
  return { unit: parts[0], inside };
}

/** Why `from` may not import `to` (both from unitOf), or null when it may. */
export function refusal(from, to) {
  if (from.unit === to.unit) return null;
  const a = units[from.unit];
  const b = units[to.unit];
  if (!a) return `server/${from.unit} is in no layer: give it an entry in server/modules.json.`;
  if (!b) return `server/${to.unit} is in no layer: give it an entry in server/modules.json.`;
  if (a.layer === 'app') return null;
  if (b.layer === 'app') return `server/${to.unit} is the composition root (app layer): nothing below imports it.`;
  if (layerIndex.get(b.layer) > layerIndex.get(a.layer)) {
    return `server/${from.unit} (${a.layer} layer) is below server/${to.unit} (${b.layer} layer): it does not import it.`;
  }
  if (openLayers.has(b.layer)) return null;
  if (!(a.imports ?? []).includes(to.unit)) {
    return `server/${from.unit} does not build on server/${to.unit}: add "${to.unit}" to its "imports" in server/modules.json if it should.`;
  }
  // A module's `index` (its public face, server/privacy/index.ts) is imported as the folder's index: inside ''.
  if (!(b.exports ?? []).map((e) => (e === 'index' ? '' : e)).includes(to.inside)) {
    const open = (b.exports ?? []).map((e) => `${to.unit}/${e}`).join(', ') || 'nothing';
    return `server/${to.unit}/${to.inside || 'index'} is internal to ${to.unit} (it opens ${open}): import those, or add the file to its "exports" in server/modules.json.`;
  }
  return null;
}

const rule = layerRule({ description: 'server/ imports follow server/modules.json', placeOf: unitOf, refusal });

export const serverLayers = { rules: { 'server-layers': rule } };
