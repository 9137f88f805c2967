/**
 * A catalogue's entries, id → text, as PO writes them: a text may run over several quoted lines
 * (a long one, or one with a line break), which are joined.
 */
export function poEntries(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  const quoted = (line: string) => JSON.parse(line.trim()) as string;
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const idLine = /^msgid (".*")$/.exec(lines[index] ?? '');
    if (!idLine?.[1]) continue;
    let id = quoted(idLine[1]);
    index += 1;
    while ((lines[index] ?? '').startsWith('"')) id += quoted(lines[index++] ?? '""');
    const textLine = /^msgstr (".*")$/.exec(lines[index] ?? '');
    if (!textLine?.[1]) continue;
    let value = quoted(textLine[1]);
    while ((lines[index + 1] ?? '').startsWith('"')) value += quoted(lines[++index] ?? '""');
    if (id !== '') entries.set(id, value);
  }
  return entries;
}
