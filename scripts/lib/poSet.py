#!/usr/bin/env python3
"""Sets texts in a .po catalogue: poSet.py locales/es/home.po id=text [id=text ...]
or with a JSON object on standard input ({"id": "text"}). Used when writing catalogues by hand
(docs/i18n.md); every id must already be there (run `npm run i18n -- extract` first)."""
import json, re, sys

def set_texts(path, values):
    text = open(path, encoding='utf-8').read()
    for key, value in values.items():
        escaped = value.replace('\\', '\\\\').replace('"', '\\"').replace('\n', '\\n')
        # The text may run over several quoted lines after `msgstr`: all of them are replaced.
        pattern = re.compile(
            r'(msgid "' + re.escape(key) + r'"\nmsgstr )"(?:[^"\\]|\\.)*"(?:\n"(?:[^"\\]|\\.)*")*'
        )
        text, count = pattern.subn(lambda m: m.group(1) + '"' + escaped + '"', text)
        if count != 1:
            sys.exit(f'{path}: no entry "{key}" (run `npm run i18n -- extract` first)')
    open(path, 'w', encoding='utf-8').write(text)

path = sys.argv[1]
pairs = sys.argv[2:]
values = dict(pair.split('=', 1) for pair in pairs) if pairs else json.load(sys.stdin)
set_texts(path, values)
