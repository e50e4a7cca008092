import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No import cycles in the server code, the infrastructure or the SPA: a cycle hides which layer
 * depends on which, and makes module initialisation order matter. Relative imports only (packages
 * cannot import the project); `import type` counts too, since it still ties the modules' designs.
 */
const root = path.resolve(import.meta.dirname, '../..');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });

const resolve = (from: string, specifier: string): string | undefined => {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
};

const importGraph = (files: string[]): Map<string, string[]> => {
  const pattern = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/g;
  return new Map(
    files.map((file) => {
      const source = readFileSync(file, 'utf8');
      const targets = [...source.matchAll(pattern)].map((match) => resolve(file, match[1]!)).filter((t): t is string => t !== undefined);
      return [file, [...new Set(targets)]];
    }),
  );
};

/** Every cycle's members (Tarjan's strongly connected components of more than one module, or a self-import). */
const cyclesOf = (graph: Map<string, string[]>): string[][] => {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(path.relative(root, member));
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
};

describe('import cycles', () => {
  it('finds one when there is one (the check is not vacuous)', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/c.ts']],
      ['/c.ts', ['/a.ts']],
      ['/d.ts', ['/a.ts']],
    ]);
    expect(cyclesOf(graph)).toHaveLength(1);
  });

  it('has none in lambdas/, lib/, bin/ or web/src/', () => {
    const files = ['lambdas', 'lib', 'bin', 'web/src'].flatMap((dir) => sourceFiles(path.join(root, dir)));
    expect(files.length).toBeGreaterThan(100);
    expect(cyclesOf(importGraph(files))).toEqual([]);
  });
});
