import fs from 'node:fs';
import path from 'node:path';

/**
 * The modules' order as `modules/order.ts` lists it (`MODULES`, one `name: nameModule,` per line):
 * read from its text, as ESLint's config cannot import TypeScript. Throws when the list is not
 * found, so a reshaped file fails the lint instead of passing with no order.
 */
export function readModuleOrder(file) {
  const text = fs.readFileSync(file, 'utf8');
  const list = /export const MODULES = \{\n([\s\S]*?)\n\};/.exec(text);
  const names = list ? [...list[1].matchAll(/^\s+(\w+): (\w+)Module,$/gm)] : [];
  if (!names.length || names.some(([, name, module]) => name !== module))
    throw new Error(`${file}: no MODULES list of \`name: nameModule,\` lines to read the module order from`);
  return names.map(([, name]) => name);
}

/** A module's name from its folder's: `saved-searches/` holds `savedSearches`, as the contract names it. */
export const moduleNameOf = (folder) => folder.replace(/-(\w)/g, (_, letter) => letter.toUpperCase());

/**
 * `souq/module-order` (ADR 0007): the server's modules depend one way. A module imports, of
 * another module, only the port (`<name>/port.ts`) of a module earlier in `order`, and never
 * flows/; a flow imports modules' ports only. Imports are checked by the file they resolve to, so
 * `../auctions/port.js` and `../../modules/auctions/port.js` are the same import.
 */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep the server modules one-way: earlier modules’ ports only, flows apart' },
    schema: [
      {
        type: 'object',
        properties: {
          modules: { type: 'string' },
          flows: { type: 'string' },
          order: { type: 'array', items: { type: 'string' } },
        },
        required: ['modules', 'flows', 'order'],
        additionalProperties: false,
      },
    ],
    messages: {
      later:
        '{{from}} may not import {{to}}, which comes after it ({{order}}). Let {{to}} give its answer to {{from}}’s port as it is created (ADR 0007).',
      notPort:
        'Of {{to}}, import only its port ({{to}}/port.ts), not {{file}}: the port is all of it that others may use.',
      flows: 'Modules do not import flows/: a module that sets a flow off is handed it as a callback (compose.ts).',
    },
  },
  create(context) {
    const { modules, flows, order } = context.options[0];
    const file = context.filename;
    const inside = (dir, target) => {
      const rel = path.relative(dir, target);
      return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep) : undefined;
    };
    /** The module a path lies in, and the rest of its path; undefined outside every module's folder. */
    const moduleOf = (target) => {
      const parts = inside(modules, target);
      const name = parts && moduleNameOf(parts[0]);
      return parts && parts.length > 1 && order.includes(name) ? { name, rest: parts.slice(1).join('/') } : undefined;
    };
    const here = moduleOf(file);
    const inFlows = inside(flows, file) !== undefined;
    if (!here && !inFlows) return {};

    function check(source) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source.value);
      if (here && inside(flows, target)) return context.report({ node: source, messageId: 'flows' });
      const there = moduleOf(target);
      if (!there || there.name === here?.name) return;
      if (here && order.indexOf(there.name) > order.indexOf(here.name)) {
        return context.report({
          node: source,
          messageId: 'later',
          data: { from: here.name, to: there.name, order: order.join(' → ') },
        });
      }
      if (!/^port(\.[jt]s)?$/.test(there.rest))
        context.report({
          node: source,
          messageId: 'notPort',
          data: { to: there.name, file: `${there.name}/${there.rest}` },
        });
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.source ?? node.argument?.literal),
      TSExternalModuleReference: (node) => check(node.expression),
    };
  },
};

export default rule;
