import { describe, expect, it } from 'vitest';
import { poEntries } from './poFile.ts';

describe('reading a PO catalogue', () => {
  it('reads one-line texts, texts over several quoted lines, and escapes', () => {
    const catalogue = [
      'msgid ""',
      'msgstr ""',
      '"Language: es\\n"',
      '',
      '#. js-lingui-explicit-id',
      'msgid "shell.title"',
      'msgstr "Hola"',
      '',
      'msgid "shell.help"',
      'msgstr ""',
      '"Primera línea\\n"',
      '"Segunda \\"línea\\""',
      '',
      'msgid "shell.empty"',
      'msgstr ""',
    ].join('\n');
    expect([...poEntries(catalogue)]).toEqual([
      ['shell.title', 'Hola'],
      ['shell.help', 'Primera línea\nSegunda "línea"'],
      ['shell.empty', ''],
    ]);
  });
});
