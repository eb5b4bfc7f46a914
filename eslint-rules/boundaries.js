import path from 'node:path';

/** The repository root (this folder's parent), so the rules hold wherever eslint is started from. */
const REPO = path.dirname(import.meta.dirname);

/**
 * Local lint rules that keep the layout of ENGINEERING.md true (issue 12): a web feature does not reach into another
 * feature (shared pieces live in apps/web/src/components or lib; the route table in src/app may load every feature's
 * pages), and a server module does not reach into another module's tables (a module's *.repo.ts is private; what
 * other modules use is exported from a non-repo file of that module, e.g. modules/audit/audit.ts).
 * Both look at relative import paths only: the workspace packages (@phjr/contract) are not features or modules.
 */

/** Every import-like source in a file: import/export ... from, import(), and bare side-effect imports. */
function onSource(context, check) {
  const visit = (node) => {
    if (node.source && typeof node.source.value === 'string') check(node.source, node.source.value);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: (node) => {
      if (node.source.type === 'Literal' && typeof node.source.value === 'string')
        check(node.source, node.source.value);
    },
  };
}

/** The first folder of `file` under `root` (a feature or module name), or null when the file is not under it. */
function folderUnder(root, file) {
  const rel = path.relative(root, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [first, ...rest] = rel.split(path.sep);
  return rest.length > 0 ? first : null;
}

function boundaryRule({ description, message, rootOf, forbidden }) {
  return {
    meta: { type: 'problem', docs: { description }, messages: { crossing: message }, schema: [] },
    create(context) {
      const file = path.resolve(context.cwd, context.filename);
      const root = rootOf(REPO);
      const from = folderUnder(root, file);
      if (!from) return {};
      return onSource(context, (node, source) => {
        if (!source.startsWith('.')) return;
        const target = path.resolve(path.dirname(file), source);
        const to = folderUnder(root, target);
        if (to && to !== from && forbidden(target))
          context.report({ node, messageId: 'crossing', data: { from, to, source } });
      });
    },
  };
}

export default {
  meta: { name: 'phjr-boundaries' },
  rules: {
    'no-cross-feature-import': boundaryRule({
      description: 'apps/web/src/features/A must not import apps/web/src/features/B (B ≠ A)',
      message:
        "Feature '{{from}}' imports '{{source}}' from feature '{{to}}'. Features never import each other: move what is shared to src/components or src/lib, or the page to the feature it shows.",
      rootOf: (repo) => path.join(repo, 'apps/web/src/features'),
      forbidden: () => true,
    }),
    'no-foreign-repo-import': boundaryRule({
      description: 'apps/server/src/modules/A must not import apps/server/src/modules/B/*.repo.ts (B ≠ A)',
      message:
        "Module '{{from}}' imports '{{source}}', the repository of module '{{to}}'. A module's tables are its own: use what that module exports from a non-repo file (e.g. modules/{{to}}/{{to}}.ts).",
      rootOf: (repo) => path.join(repo, 'apps/server/src/modules'),
      forbidden: (target) => /\.repo(\.ts)?$/.test(target),
    }),
  },
};
