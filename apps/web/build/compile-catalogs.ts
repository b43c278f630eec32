import fs from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const CATALOG = /[\\/]src[\\/]i18n[\\/]catalogs[\\/](en|ar)[\\/][^\\/]+\.json$/;
const PREFIX = '\0souq-catalog:';
/** So that the id no longer ends in .json, which Vite's own JSON handling would claim. */
const SUFFIX = '.js';

/**
 * Our message catalogs are JSON of ICU messages (src/i18n/catalogs/<locale>/*.json, ADR 0035):
 * TypeScript reads their keys as they are, and the build hands the browser each message already
 * compiled, as Lingui's own compiler does for .po files, so the page never carries a parser.
 * The catalog leaves Vite's JSON handling under an id of its own, which no longer ends in .json.
 */
export function compiledCatalogs(): Plugin {
  return {
    name: 'souq:compiled-catalogs',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.endsWith('.json') || source.startsWith(PREFIX)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && CATALOG.test(resolved.id) ? PREFIX + resolved.id + SUFFIX : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length, -SUFFIX.length);
      this.addWatchFile(file);
      const messages = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => {
          try {
            // Always the compiled tokens, even for plain text: Lingui takes a string for a message
            // still to compile, and warns.
            return [key, compileMessageOrThrow(message)];
          } catch (error) {
            throw new Error(`${path.basename(file)}: "${key}" is not a valid ICU message: ${String(error)}`);
          }
        }),
      );
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
