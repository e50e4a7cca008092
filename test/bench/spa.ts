import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { kb, printTable, root } from './support';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** The SPA's JavaScript per route, gzipped: the initial load, then what each lazily loaded route adds. */
export const spaTable = () => {
  const manifestFile = path.join(root, 'web/dist/.vite/manifest.json');
  if (!existsSync(manifestFile)) {
    console.log('\nBuilding the SPA for its figures…');
    execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'error'], { cwd: root, stdio: 'inherit' });
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const gz = (file: string) => gzipSync(readFileSync(path.join(root, 'web/dist', file))).length;
  /** A chunk's file plus every chunk it imports statically, transitively. */
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
    return seen;
  };
  const jsOf = (keys: Set<string>) => [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const initial = new Set(jsOf(closure(entryKey)));
  const initialBytes = [...initial].reduce((sum, file) => sum + gz(file), 0);
  const rows: string[][] = [['(initial load, every route)', String(initial.size), kb(initialBytes)]];
  for (const key of Object.keys(manifest)
    .filter((k) => manifest[k]!.isDynamicEntry)
    .sort()) {
    const extra = jsOf(closure(key)).filter((file) => !initial.has(file));
    rows.push([`+ ${key.replace(/^src\//, '')}`, String(extra.length), kb(extra.reduce((sum, file) => sum + gz(file), 0))]);
  }
  console.log('\nSPA JavaScript (gzipped): the initial load, then what each lazily loaded route adds\n');
  printTable(['route module', 'files', 'gzipped JS'], rows);
};
