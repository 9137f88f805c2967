import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/*
 * What each chunk of a first visit holds (`npm run size -- --chunks`): the chunk's gzipped size,
 * and the sources its minified bytes come from, read from the build's source map (vite.config.ts
 * sets build.sourcemap). Sources are grouped by npm package (`react-dom`, `@tanstack/router-core`)
 * or by the project folder they live in (`src/features/home`, `locales/en`); bytes the map gives
 * no source for are the bundler's glue: the chunk's import and export lists, the preload lists of
 * its dynamic imports and vanilla-extract's class-name strings.
 */

/** Bytes the source map gives no source for. */
export const GLUE = '(glue)';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const base64Value = new Map([...BASE64].map((char, index) => [char, index]));

/** One segment's fields, decoded from Base64 VLQ (source map v3). */
function decodeSegment(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = base64Value.get(char);
    if (digit === undefined) throw new Error(`not a source map mapping: "${segment}"`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return fields;
}

/** The folder or package a source stands for in the table. */
export function sourceGroup(source: string): string {
  // The innermost package: a nested node_modules names the package that holds the file.
  const inPackage = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/](?!.*node_modules)/.exec(
    source,
  );
  if (inPackage?.[1]) return inPackage[1].replace('\\', '/');
  const inProject =
    /(?:^|[\\/])((?:src|contract|machines|locales|server)(?:[\\/][^\\/?]+)*)[\\/][^\\/]+$/.exec(
      source,
    );
  if (inProject?.[1]) {
    const parts = inProject[1].split(/[\\/]/);
    // src/features/home, src/ui, locales/en, machines: two levels under src/features, one elsewhere.
    return parts.slice(0, parts[0] === 'src' && parts[1] === 'features' ? 3 : 2).join('/');
  }
  return source.replace(/^(\.\.\/)+/, '');
}

/** Bytes of `code` per source group, from the chunk's source map (v3, no index maps). */
export function bytesBySource(
  code: string,
  map: { sources: string[]; mappings: string },
): Map<string, number> {
  const totals = new Map<string, number>();
  const add = (group: string, bytes: number) => {
    if (bytes > 0) totals.set(group, (totals.get(group) ?? 0) + bytes);
  };
  const lines = code.split('\n');
  const mappingLines = map.mappings.split(';');
  let sourceIndex = 0;
  lines.forEach((line, lineIndex) => {
    let column = 0;
    let start = 0;
    let group = GLUE;
    for (const segment of (mappingLines[lineIndex] ?? '').split(',')) {
      if (segment === '') continue;
      const fields = decodeSegment(segment);
      column += fields[0] ?? 0;
      add(group, Math.min(column, line.length) - start);
      start = Math.min(column, line.length);
      if (fields.length >= 4) {
        sourceIndex += fields[1] ?? 0;
        group = sourceGroup(map.sources[sourceIndex] ?? GLUE);
      } else {
        group = GLUE;
      }
    }
    // The rest of the line, and the newline.
    add(group, line.length - start + (lineIndex < lines.length - 1 ? 1 : 0));
  });
  return totals;
}

export interface ChunkRow {
  file: string;
  gzBytes: number;
  rawBytes: number;
  /** Source groups by minified bytes, largest first. */
  holds: { group: string; bytes: number }[];
}

/** Each JavaScript file of `files` (in a client build directory) with what it holds. */
export function describeChunks(clientDir: string, files: readonly string[]): ChunkRow[] {
  return files
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const bytes = readFileSync(join(clientDir, file));
      const code = bytes.toString('utf8');
      const mapPath = join(clientDir, `${file}.map`);
      const totals = existsSync(mapPath)
        ? bytesBySource(code, JSON.parse(readFileSync(mapPath, 'utf8')))
        : new Map([[GLUE, code.length]]);
      return {
        file,
        gzBytes: gzipSync(bytes).length,
        rawBytes: code.length,
        holds: [...totals]
          .map(([group, bytes]) => ({ group, bytes }))
          .sort((a, b) => b.bytes - a.bytes),
      };
    });
}

/**
 * One line per chunk, largest first: its name without the hash, KB gzipped, and the groups that
 * make up most of it with their share of its minified bytes (at most four, each at least 5 %).
 */
export function formatChunkTable(rows: readonly ChunkRow[]): string {
  const sorted = [...rows].sort((a, b) => b.gzBytes - a.gzBytes);
  const name = (file: string) => file.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '.js');
  const body = sorted.map((row) => {
    const shown = row.holds
      .filter((hold, index) => index === 0 || hold.bytes >= row.rawBytes * 0.05)
      .slice(0, 4)
      .map((hold) => `${hold.group} ${Math.round((hold.bytes / row.rawBytes) * 100)} %`);
    return [name(row.file), (row.gzBytes / 1000).toFixed(1), shown.join(', ')];
  });
  const header = ['chunk', 'KB gz', 'mainly (share of its minified bytes)'];
  const widths = [0, 1].map((column) =>
    Math.max(header[column]?.length ?? 0, ...body.map((cells) => cells[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    [
      (cells[0] ?? '').padEnd(widths[0] ?? 0),
      (cells[1] ?? '').padStart(widths[1] ?? 0),
      cells[2] ?? '',
    ].join('  ');
  const total = sorted.reduce((sum, row) => sum + row.gzBytes, 0);
  return [line(header), ...body.map(line), line(['total', (total / 1000).toFixed(1), ''])].join(
    '\n',
  );
}
