import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { poEntries } from './poFile.ts';

/*
 * Production builds write each message id as a short key: `i18n.t('shell.header.switchToDark')`
 * becomes `i18n.t('4k')`, in the code and in the compiled catalogues alike (issue 35). The ids
 * read well in the code and the .po files, but each was shipped twice, in the call and in the
 * catalogue, on every first load: the short keys took about N KB gz off `/` (docs/decisions.md,
 * 'Languages'). Dev, tests and the server keep the ids as written.
 *
 * The keys are the ids' places in the sorted list of every id in the English catalogues, in base
 * 36: the same for the code and the catalogues of one build. The compiled catalogues are also
 * rewritten as object literals, a plain text as a string rather than a one-item array.
 */

// `i18n.t('id'`, also written over lines (`i18n\n  .t('id', …)`), as Lingui's extractor reads it.
const callPattern = /\bi18n\s*\.\s*(t|_)\(\s*'([^'\\]+)'/g;
const cataloguePattern =
  /export const messages\s*=\s*JSON\.parse\(("(?:[^"\\]|\\.)*")\)\s*as\s*Messages;?/;

function shortKeys(localesDir: string): Map<string, string> {
  const enDir = join(localesDir, 'en');
  const ids = new Set<string>();
  for (const file of readdirSync(enDir).filter((name) => name.endsWith('.po'))) {
    for (const id of poEntries(readFileSync(join(enDir, file), 'utf8')).keys()) ids.add(id);
  }
  return new Map([...ids].sort().map((id, index) => [id, index.toString(36)]));
}

export function shortMessageIds(localesDir: string): Plugin {
  let keys = new Map<string, string>();
  const keyOf = (id: string, where: string) => {
    const key = keys.get(id);
    if (key === undefined) {
      throw new Error(
        `${where}: message id "${id}" is in no English catalogue (npm run i18n -- check)`,
      );
    }
    return key;
  };
  return {
    name: 'famjam-short-message-ids',
    apply: 'build',
    buildStart() {
      keys = shortKeys(localesDir);
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (file.startsWith(localesDir) && file.endsWith('.ts')) {
        const match = cataloguePattern.exec(code);
        if (!match?.[1]) return null;
        const messages = JSON.parse(JSON.parse(match[1]) as string) as Record<string, unknown>;
        const short = Object.fromEntries(
          Object.entries(messages).map(([messageId, message]) => [
            keyOf(messageId, file),
            Array.isArray(message) && message.length === 1 && typeof message[0] === 'string'
              ? message[0]
              : message,
          ]),
        );
        return {
          code: code.replace(match[0], `export const messages = ${JSON.stringify(short)};`),
          map: null,
        };
      }
      if (!/\.(ts|tsx)$/.test(file) || file.includes('/node_modules/') || !code.includes('i18n.')) {
        return null;
      }
      let changed = false;
      const rewritten = code.replace(callPattern, (call, method: string, messageId: string) => {
        // An id no catalogue has is one a comment shows as an example ('home.emptyTitle'): a
        // real call with an unknown id fails `npm run i18n -- check` before a build ships it.
        const key = keys.get(messageId);
        if (key === undefined) return call;
        changed = true;
        return `i18n.${method}('${key}'`;
      });
      return changed ? { code: rewritten, map: null } : null;
    },
    // A call the pattern above missed would look its text up by the long id in catalogues keyed
    // by short ones, and show the id: the build fails instead, naming it.
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const match of output.code.matchAll(/["'`]([a-zA-Z]+\.[a-zA-Z0-9_.]+)["'`]/g)) {
          const id = match[1] ?? '';
          if (keys.has(id)) {
            this.error(
              `${output.fileName} still names message "${id}" by its id: write the call as i18n.t('${id}', …) so the build can shorten it`,
            );
          }
        }
      }
    },
  };
}
