// A local ESLint rule: which folders may import which, by resolved path.
// Relative imports are resolved against the importing file, so the rule
// needs no module resolver (the registry here lacks the native resolvers
// that eslint-plugin-import-x needs on other platforms).
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const rel = (file) => path.relative(root, file).split(path.sep).join('/');

/**
 * Each zone: files under `target` may not import files under `from`, unless
 * the imported file is under one of `except` (paths relative to the repo).
 * `{feature}` in a target stands for the importing file's own feature
 * folder, so "features never import each other" is one zone. An `except`
 * ending in `/*` lets through only the files directly in that folder, not
 * its subfolders: an area whose top-level modules are its public surface
 * (services/purchases, ADR 0069) is one zone, however its insides grow.
 * `unless` exempts files under that folder from the zone (the area itself).
 * `names` narrows a zone to imports of those names (a module whose readers
 * are anyone's but whose writers are one area's: the waitlist's repository).
 */
/** Whether an import or re-export names one of `names` (a namespace or side-effect import counts: it may reach any). */
function importsAnyOf(node, names) {
  const specifiers = node.specifiers ?? [];
  if (node.type === 'ImportExpression' || node.type === 'ExportAllDeclaration' || specifiers.length === 0) return true;
  return specifiers.some((s) => {
    if (s.type !== 'ImportSpecifier' && s.type !== 'ExportSpecifier') return true;
    if (s.importKind === 'type' || node.importKind === 'type') return false;
    const name = s.type === 'ImportSpecifier' ? s.imported : s.local;
    return names.includes(name.type === 'Identifier' ? name.name : name.value);
  });
}

export const boundaries = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { zones: { type: 'array' } }, additionalProperties: false }],
    messages: { restricted: '{{message}} ({{imported}})' },
  },
  create(context) {
    const file = rel(context.physicalFilename);
    const zones = context.options[0]?.zones ?? [];
    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const imported = rel(path.resolve(path.dirname(context.physicalFilename), source));
      for (const zone of zones) {
        const feature = /^web\/src\/features\/([^/]+)\//.exec(file)?.[1];
        const targets = [zone.target].flat();
        if (!targets.some((target) => file.startsWith(`${target}/`))) continue;
        if (zone.unless && file.startsWith(`${zone.unless}/`)) continue;
        if (zone.ignoreTests && /\.test\.tsx?$/.test(file)) continue;
        const froms = [zone.from].flat();
        if (!froms.some((from) => imported === from || imported.startsWith(`${from}/`))) continue;
        const except = [zone.except ?? []].flat().map((e) => e.replace('{feature}', feature ?? '\0'));
        if (except.some((e) => (e.endsWith('/*') ? path.posix.dirname(imported) === e.slice(0, -2) : imported === e || imported.startsWith(`${e}/`)))) continue;
        if (zone.names && !importsAnyOf(node, zone.names)) continue;
        context.report({ node, messageId: 'restricted', data: { message: zone.message, imported: source } });
      }
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
