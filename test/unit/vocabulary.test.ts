import { readFileSync } from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import * as vocabulary from '../../lambdas/contracts/vocabulary';

/**
 * Each vocabulary of lambdas/contracts/vocabulary.ts is spelled there only: no other source file
 * (server, SPA, infrastructure, local stand-ins) writes a union type or an array of string literals
 * naming all the members of one of its lists, nor its constants' values.
 */
const root = path.resolve(import.meta.dirname, '../..');
const home = 'lambdas/contracts/vocabulary.ts';

const lists = (Object.entries(vocabulary) as [string, unknown][]).filter((entry): entry is [string, readonly string[]] => Array.isArray(entry[1]));
const constants: [string, string][] = [
  ['DEFAULT_BRAND_COLORS.primary', vocabulary.DEFAULT_BRAND_COLORS.primary],
  ['DEFAULT_BRAND_COLORS.secondary', vocabulary.DEFAULT_BRAND_COLORS.secondary],
  ['SESSION_HEADER', vocabulary.SESSION_HEADER],
];

const sources = execSync("git ls-files -co --exclude-standard 'lambdas/**/*.ts' 'web/src/**/*.ts' 'web/src/**/*.tsx' 'lib/**/*.ts' 'bin/**/*.ts'", {
  cwd: root,
})
  .toString()
  .trim()
  .split('\n')
  .filter((file) => file !== home && !/\.test\.tsx?$/.test(file));

/** The code without its comments (a comment may name a status; code may not spell the list). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\w])\/\/.*$/gm, '$1');

/** Runs of two or more string literals joined by `|` (a union) or `,` inside brackets (an array). */
const literalRuns = (text: string): string[][] => {
  const runs: string[][] = [];
  for (const match of text.matchAll(/'[^'\n]*'(?:\s*\|\s*'[^'\n]*')+/g)) runs.push([...match[0].matchAll(/'([^'\n]*)'/g)].map((m) => m[1]!));
  for (const match of text.matchAll(/\[\s*('[^'\n]*'(?:\s*,\s*'[^'\n]*')+)\s*,?\s*\]/g))
    runs.push([...match[1]!.matchAll(/'([^'\n]*)'/g)].map((m) => m[1]!));
  return runs;
};

/** Where a file spells a vocabulary itself: `file: NAME (the literals)`. */
const inlineCopies = (file: string, text: string): string[] => {
  const body = code(text);
  const found: string[] = [];
  for (const run of literalRuns(body)) {
    for (const [name, list] of lists) {
      if (list.length >= 2 && list.every((member) => run.includes(member))) found.push(`${file}: ${name} (${run.join(' | ')})`);
    }
  }
  for (const [name, value] of constants) {
    if (body.toLowerCase().includes(value.toLowerCase())) found.push(`${file}: ${name} (${value})`);
  }
  return found;
};

describe('the vocabularies', () => {
  it('are spelled in lambdas/contracts/vocabulary.ts only', () => {
    expect(sources.length).toBeGreaterThan(200);
    const copies = sources.flatMap((file) => inlineCopies(file, readFileSync(path.join(root, file), 'utf8')));
    expect(copies).toEqual([]);
  });

  it('finds a union, an array and a constant spelled inline', () => {
    const sample = `type S = 'invited' | 'responded' | 'shortlisted' | 'rejected';\nconst roles = ['owner', 'member'];\nconst c = '#3F51B5';\n// 'open' | 'closed' in a comment is fine`;
    expect(inlineCopies('x.ts', sample)).toEqual([
      'x.ts: CANDIDATE_STATUSES (invited | responded | shortlisted | rejected)',
      'x.ts: EVALUATED_STATUSES (invited | responded | shortlisted | rejected)',
      'x.ts: MEMBER_ROLES (owner | member)',
      'x.ts: DEFAULT_BRAND_COLORS.primary (#3f51b5)',
    ]);
  });
});
