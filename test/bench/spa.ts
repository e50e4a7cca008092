import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { goal, kb, printTable, root } from './support';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** The two apps main.tsx chooses between (web/src/app/worlds.ts), by their manifest keys, and what renders either (React DOM). */
const CANDIDATE_APP = 'src/app/candidate-app.tsx';
const MOUNT = 'src/app/mount.tsx';
const HIRING_APP = 'src/app/hiring-app.tsx';
/** What the hiring team's first screen loads besides its app: the positions list, and the bar every signed-in screen shows. */
const POSITIONS_SCREEN = 'src/features/positions/components/positions-screen.tsx';
const SIGNED_IN_BAR = 'src/app/layout/signed-in-bar.tsx';
/** The interview's screen: part of the candidate app's chunk, or a chunk of its own if it is ever split out. */
const INTERVIEW_SCREEN = 'src/features/interview-runner/components/interview-screen.tsx';

const CANDIDATE_GOAL_KB = 120;
const HIRING_GOAL_KB = 130;

/** Libraries the candidate's pages must not carry (issue 17: no hiring-app or Amplify UI code). */
const HIRING_ONLY = ['@aws-amplify/', '@radix-ui/', 'swr', 'react-router', 'zod'];

/**
 * The SPA's JavaScript, gzipped, from the build's manifest (`npm run build:web`; built here when
 * missing): the two figures issue 17 sets goals for, then the per-route table (what the entry loads
 * on every page, each app's shell, and what each lazily loaded screen adds to its app).
 */
export const spaTable = () => {
  const dist = path.join(root, 'web/dist');
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) {
    console.log('\nBuilding the SPA for its figures…');
    execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'error'], { cwd: root, stdio: 'inherit' });
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const chunk = (key: string) => {
    const found = manifest[key];
    if (!found) throw new Error(`${key} is not a chunk of the SPA's build: the bench's figures name the wrong module.`);
    return found;
  };
  const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;
  /** A chunk's key plus every chunk it imports statically, transitively. */
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of chunk(key).imports ?? []) closure(dep, seen);
    return seen;
  };
  const union = (...keys: string[]) => new Set(keys.flatMap((key) => [...closure(key)]));
  const jsOf = (keys: Iterable<string>) => [...keys].map((key) => chunk(key).file).filter((file) => file.endsWith('.js'));
  const bytes = (files: string[]) => files.reduce((sum, file) => sum + gz(file), 0);
  /** The npm packages a set of chunks holds, from their source maps. */
  const packagesOf = (files: string[]) => {
    const names = new Set<string>();
    for (const file of files) {
      // The bundler's tiny runtime chunk has no map (and no package).
      const mapFile = path.join(dist, `${file}.map`);
      if (!existsSync(mapFile)) continue;
      const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
      for (const source of map.sources) {
        const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
        if (name) names.add(name);
      }
    }
    return [...names].sort();
  };

  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  // Every page: the entry (which only chooses the app) and React DOM, loaded beside the app.
  const initial = union(entryKey, MOUNT);

  // The candidate's interview: the entry, React DOM, the candidate app, and the interview screen's chunks if it has its own.
  const interviewKeys = [entryKey, MOUNT, CANDIDATE_APP, ...(manifest[INTERVIEW_SCREEN] ? [INTERVIEW_SCREEN] : [])];
  const interviewFiles = jsOf(union(...interviewKeys));
  const interviewBytes = bytes(interviewFiles);
  const interviewPackages = packagesOf(interviewFiles);
  const strays = interviewPackages.filter((name) => HIRING_ONLY.some((prefix) => name.startsWith(prefix)));
  // The hiring team's first screen for a signed-in user: the entry, React DOM, the hiring app, the positions list and the signed-in bar.
  const hiringKeys = [entryKey, MOUNT, HIRING_APP, POSITIONS_SCREEN, SIGNED_IN_BAR];
  const hiringFiles = jsOf(union(...hiringKeys));
  const hiringBytes = bytes(hiringFiles);
  const cssOf = (...keys: string[]) => bytes([...new Set([...union(...keys)].flatMap((key) => chunk(key).css ?? []))]);

  console.log("\nSPA first loads (gzipped): the candidate's interview link, and the hiring team's first screen\n");
  printTable(
    ['page', 'JS files', 'gzipped JS', 'gzipped CSS', 'libraries'],
    [
      ['candidate interview route', String(interviewFiles.length), kb(interviewBytes), kb(cssOf(...interviewKeys)), interviewPackages.join(', ')],
      [
        'hiring app first screen (positions list)',
        String(hiringFiles.length),
        kb(hiringBytes),
        kb(cssOf(...hiringKeys)),
        `${packagesOf(hiringFiles).length} packages`,
      ],
    ],
  );
  goal({
    figure: 'candidate interview route total gzipped JS',
    value: `${kb(interviewBytes)}${strays.length ? ` (carries ${strays.join(', ')})` : ''}`,
    goal: `≤ ${CANDIDATE_GOAL_KB} KB, no hiring-app or Amplify UI code`,
    met: interviewBytes <= CANDIDATE_GOAL_KB * 1024 && strays.length === 0,
  });
  goal({
    figure: 'hiring app first screen (entry + positions list + signed-in bar) gzipped JS',
    value: kb(hiringBytes),
    goal: `≤ ${HIRING_GOAL_KB} KB`,
    met: hiringBytes <= HIRING_GOAL_KB * 1024,
  });

  // Per route: the entry (every page), each app's shell over it, then what each lazily loaded screen adds to its app.
  const apps = [CANDIDATE_APP, HIRING_APP].filter((key) => manifest[key]);
  const rows: string[][] = [['(entry and React DOM, every page)', '', String(jsOf(initial).length), kb(bytes(jsOf(initial)))]];
  for (const app of apps) {
    const extra = jsOf(closure(app)).filter((file) => !jsOf(initial).includes(file));
    rows.push([`+ ${app.replace(/^src\//, '')}`, app === CANDIDATE_APP ? 'candidate' : 'hiring', String(extra.length), kb(bytes(extra))]);
  }
  /** Every chunk an app may load, through static and dynamic imports: a lazily loaded screen belongs to the app that reaches it. */
  const reachable = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of [...(chunk(key).imports ?? []), ...(chunk(key).dynamicImports ?? [])]) reachable(dep, seen);
    return seen;
  };
  // Not through the entry: it reaches both apps.
  const reach = new Map(apps.map((app) => [app, reachable(app, new Set([entryKey]))]));
  for (const key of Object.keys(manifest)
    .filter((k) => manifest[k]!.isDynamicEntry && k !== MOUNT && !apps.includes(k))
    .sort()) {
    const own = closure(key);
    const worlds = apps.filter((app) => reach.get(app)!.has(key));
    const base = new Set(jsOf(union(entryKey, MOUNT, ...worlds)));
    const extra = jsOf(own).filter((file) => !base.has(file));
    rows.push([
      `+ ${key.replace(/^src\//, '')}`,
      worlds.map((app) => (app === CANDIDATE_APP ? 'candidate' : 'hiring')).join(', '),
      String(extra.length),
      kb(bytes(extra)),
    ]);
  }
  console.log("\nSPA JavaScript per route (gzipped): the entry, each app's shell, then what each lazily loaded screen adds to its app\n");
  printTable(['route module', 'app', 'files', 'gzipped JS'], rows);
};
