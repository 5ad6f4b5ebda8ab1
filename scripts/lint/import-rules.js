// Two ESLint rules on the repository's import graph, run by `npm run lint` (eslint.config.js):
//   local/no-import-cycle — no file reaches itself through its imports, of any kind (type-only,
//     re-exports, `import()`, `require`): the graph is read with TypeScript's own import scanner.
//   local/feature-slots   — a renderer feature imports another feature only in a slot module
//     (`*-slots.ts(x)`), features form no loop through their slots, and components/, lib/, stores/,
//     bridge/ and i18n/ import no feature.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const sourceExtensions = ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs'];

/** The file a relative specifier names, or null (a package, or nothing there). */
function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier.split('?')[0]);
  const candidates = [base, ...sourceExtensions.map((ext) => base + ext), ...sourceExtensions.map((ext) => path.join(base, `index${ext}`))];
  // ESM style: `./x.js` written for `./x.ts`.
  if (/\.[mc]?js$/.test(base)) candidates.push(base.replace(/js$/, 'ts'), base.replace(/\.js$/, '.tsx'));
  for (const candidate of candidates) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** Every import of a file's text, with where its specifier stands. */
function importsOf(text) {
  return ts.preProcessFile(text, true, true).importedFiles.map((entry) => ({ specifier: entry.fileName, pos: entry.pos, end: entry.end }));
}

/*
 * The files on disk, read once per process as the search reaches them: one `eslint` run sees the tree
 * as it was when it started. The file being linted is always taken from its current text.
 */
const diskEdges = new Map();
function edgesOnDisk(file) {
  let edges = diskEdges.get(file);
  if (!edges) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      // unreadable: no edges
    }
    edges = [
      ...new Set(
        importsOf(text)
          .map((entry) => resolveImport(file, entry.specifier))
          .filter(Boolean),
      ),
    ];
    diskEdges.set(file, edges);
  }
  return edges;
}

/** The shortest way from `start` to `goal` (both included) where `nextOf` leads, or null. */
function shortestWay(start, goal, nextOf) {
  const parent = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === goal) {
      const way = [];
      for (let at = current; at !== null; at = parent.get(at)) way.unshift(at);
      return way;
    }
    for (const next of nextOf(current)) {
      if (parent.has(next)) continue;
      parent.set(next, current);
      queue.push(next);
    }
  }
  return null;
}

const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbids import cycles, type-only imports included.' },
    schema: [
      {
        type: 'object',
        properties: { allow: { type: 'array', items: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 } } },
        additionalProperties: false,
      },
    ],
    messages: { cycle: 'Import cycle: {{way}}. Move what both sides need into a file that imports neither.' },
  },
  create(context) {
    const file = path.resolve(context.filename);
    const cwd = context.cwd;
    const pairs = (context.options[0]?.allow ?? []).map(([a, b]) => [path.resolve(cwd, a), path.resolve(cwd, b)]);
    const allowed = (from, to) => !pairs.some(([a, b]) => (from === a && to === b) || (from === b && to === a));
    const { sourceCode } = context;
    return {
      Program() {
        const reported = new Set();
        for (const entry of importsOf(sourceCode.text)) {
          const target = resolveImport(file, entry.specifier);
          if (!target || reported.has(target) || !allowed(file, target)) continue;
          const way = target === file ? [file] : shortestWay(target, file, (at) => edgesOnDisk(at).filter((next) => allowed(at, next)));
          if (!way) continue;
          reported.add(target);
          const names = [file, ...way].map((step) => path.relative(cwd, step).split(path.sep).join('/'));
          context.report({
            loc: { start: sourceCode.getLocFromIndex(entry.pos), end: sourceCode.getLocFromIndex(entry.end) },
            messageId: 'cycle',
            data: { way: names.join(' → ') },
          });
        }
      },
    };
  },
};

/** `features/<name>` of a path under renderer/src, `shared` for the renderer's generic folders, else null. */
function rendererPlace(file, cwd) {
  const relative = path.relative(path.join(cwd, 'renderer/src'), file).split(path.sep);
  if (relative[0] === 'features' && relative.length >= 2) return { feature: relative[1] };
  if (['components', 'lib', 'stores', 'bridge', 'i18n'].includes(relative[0])) return { generic: relative[0] };
  return null;
}

const isSlotFile = (name) => /(^|-)slots\.tsx?$/.test(name);

/** The features each feature's slot modules on disk import (read once per process), but `except`'s. */
let slotEdges = null;
function featureGraph(cwd, except) {
  if (!slotEdges) {
    slotEdges = [];
    const root = path.join(cwd, 'renderer/src/features');
    const walk = (dir) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const at = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(at);
        else if (isSlotFile(entry.name)) slotEdges.push({ file: at, text: readFileSync(at, 'utf8') });
      }
    };
    try {
      walk(root);
    } catch {
      // no features folder
    }
  }
  const graph = new Map();
  for (const { file, text } of slotEdges) if (file !== except) addFeatureEdges(graph, file, text, cwd);
  return graph;
}
function addFeatureEdges(graph, file, text, cwd) {
  const from = rendererPlace(file, cwd)?.feature;
  if (!from) return;
  for (const entry of importsOf(text)) {
    if (!entry.specifier.startsWith('.')) continue;
    const to = rendererPlace(path.resolve(path.dirname(file), entry.specifier.split('?')[0]), cwd)?.feature;
    if (to && to !== from) graph.set(from, new Set([...(graph.get(from) ?? []), to]));
  }
}

const featureSlots = {
  meta: {
    type: 'problem',
    docs: { description: 'A renderer feature imports another feature only in its slot modules (`*-slots.ts(x)`).' },
    schema: [],
    messages: {
      outsideSlot:
        'features/{{from}} imports features/{{to}} outside a slot module. Move a generic piece to components/ or lib/, or import it in a `*-slots.ts(x)` file of features/{{from}}.',
      generic: '{{from}}/ holds pieces every feature may use: it imports no feature (here features/{{to}}).',
      loop: 'Features in a loop through their slot modules: {{way}}. Move what they share to components/, lib/ or stores/.',
    },
  },
  create(context) {
    const file = path.resolve(context.filename);
    const cwd = context.cwd;
    const here = rendererPlace(file, cwd);
    if (!here) return {};
    const isSlot = isSlotFile(path.basename(file));
    const { sourceCode } = context;
    return {
      Program() {
        let graph = null;
        const looped = new Set();
        for (const entry of importsOf(sourceCode.text)) {
          if (!entry.specifier.startsWith('.')) continue;
          const there = rendererPlace(path.resolve(path.dirname(file), entry.specifier.split('?')[0]), cwd);
          if (!there?.feature || there.feature === here.feature) continue;
          if (here.feature && isSlot) {
            if (!graph) {
              graph = featureGraph(cwd, file);
              addFeatureEdges(graph, file, sourceCode.text, cwd);
            }
            const way = looped.has(there.feature) ? null : shortestWay(there.feature, here.feature, (at) => graph.get(at) ?? []);
            if (way) {
              looped.add(there.feature);
              context.report({
                loc: { start: sourceCode.getLocFromIndex(entry.pos), end: sourceCode.getLocFromIndex(entry.end) },
                messageId: 'loop',
                data: { way: [here.feature, ...way].join(' → ') },
              });
            }
            continue;
          }
          context.report({
            loc: { start: sourceCode.getLocFromIndex(entry.pos), end: sourceCode.getLocFromIndex(entry.end) },
            messageId: here.feature ? 'outsideSlot' : 'generic',
            data: { from: here.feature ?? here.generic, to: there.feature },
          });
        }
      },
    };
  },
};

export const importRules = { rules: { 'no-import-cycle': noImportCycle, 'feature-slots': featureSlots } };
