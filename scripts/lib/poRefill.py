#!/usr/bin/env python3
"""After a catalogue split or a merge: fills every entry still without its text (English still
its id, another language empty) with the text the same id had in the catalogues under
SOURCE_DIR (a copy of locales/ from before, or another branch's). Usage:
poRefill.py SOURCE_DIR [SOURCE_DIR ...]   (run from the repository root)"""
import glob, json, os, re, subprocess, sys

def entries(path):
    text = open(path, encoding='utf-8').read()
    found = {}
    for m in re.finditer(r'^msgid "((?:[^"\\]|\\.)*)"\nmsgstr ((?:"(?:[^"\\]|\\.)*"\n?)+)', text, re.M):
        parts = re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(2))
        found[json.loads('"' + m.group(1) + '"')] = json.loads('"' + ''.join(parts) + '"')
    return found

for locale in ('en', 'es'):
    known = {}
    for source in sys.argv[1:]:
        for path in glob.glob(os.path.join(source, locale, '*.po')):
            for key, value in entries(path).items():
                if value and value != key:
                    known.setdefault(key, value)
    for path in glob.glob(os.path.join('locales', locale, '*.po')):
        wanted = {key: known[key] for key, value in entries(path).items()
                  if key and (value == '' or value == key) and key in known}
        if wanted:
            subprocess.run([sys.executable, 'scripts/lib/poSet.py', path], input=json.dumps(wanted),
                           text=True, check=True)
            print(f'{path}: {len(wanted)} texts filled')
