import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/data/keys';
import { repoRoot } from '../../lib/local/stack';
import { appliedMigrationIds, checkMigrationList, runMigrations, type Migration } from '../../scripts/migration-runner';
import { migrations } from '../../scripts/migrations';
import { localDb, localEnv } from '../support/aws';

/**
 * The migration runner (`npm run migrate`) against the local stack's table. The migrations here are
 * stand-ins that count their runs (the real ones have their own tests, and running them here would
 * race those); each test's ids are its own, so the tests share the table's MIGRATION partition.
 */
const table = () => localEnv().TABLE_NAME;

/** Migrations `NNN-<tag>-…` that count their runs, the `failing` one throwing. */
const standIns = (names: string[], failing?: string) => {
  const tag = randomUUID().slice(0, 8);
  const runs: string[] = [];
  const list: Migration[] = names.map((name, i) => ({
    id: `${String(i + 1).padStart(3, '0')}-${tag}-${name}`,
    what: `Stand-in ${name}`,
    run: async () => {
      runs.push(name);
      if (name === failing) throw new Error(`${name} broke`);
      return [`${name} done`];
    },
  }));
  return { list, runs };
};

describe('npm run migrate', () => {
  it('applies the pending migrations in order and records each with its report', async () => {
    const { list, runs } = standIns(['first', 'second', 'third']);
    const lines: string[] = [];
    const result = await runMigrations(localDb(), table(), list, { log: (line) => lines.push(line), now: () => new Date('2026-11-24T09:00:00Z') });
    expect(runs).toEqual(['first', 'second', 'third']);
    expect(result).toEqual({ applied: list.map((m) => m.id), alreadyApplied: [] });
    expect(lines).toContain('  second done');
    const { Item } = await localDb().send(new GetCommand({ TableName: table(), Key: keys.migration(list[1]!.id), ConsistentRead: true }));
    expect(Item).toMatchObject({
      PK: 'MIGRATION',
      SK: list[1]!.id,
      migrationId: list[1]!.id,
      what: 'Stand-in second',
      appliedAt: '2026-11-24T09:00:00.000Z',
      report: ['second done'],
    });
  });

  it('is idempotent: a second run applies nothing, and a migration added later runs alone', async () => {
    const { list, runs } = standIns(['first', 'second', 'later']);
    await runMigrations(localDb(), table(), list.slice(0, 2));
    const again = await runMigrations(localDb(), table(), list.slice(0, 2));
    expect(again).toEqual({ applied: [], alreadyApplied: [list[0]!.id, list[1]!.id] });
    const withLater = await runMigrations(localDb(), table(), list);
    expect(withLater.applied).toEqual([list[2]!.id]);
    expect(runs).toEqual(['first', 'second', 'later']);
  });

  it('with --dry-run lists what would run and changes nothing', async () => {
    const { list, runs } = standIns(['first', 'second']);
    await runMigrations(localDb(), table(), list.slice(0, 1));
    const lines: string[] = [];
    const dry = await runMigrations(localDb(), table(), list, { dryRun: true, log: (line) => lines.push(line) });
    expect(dry.applied).toEqual([list[1]!.id]);
    expect(lines).toEqual([`1 of 2 migrations would run in ${table()}, in this order:`, `  ${list[1]!.id}: Stand-in second`]);
    expect(runs).toEqual(['first']);
    expect((await appliedMigrationIds(localDb(), table())).has(list[1]!.id)).toBe(false);
  });

  it('stops at a failing migration without recording it, and retries it next time', async () => {
    const { list, runs } = standIns(['first', 'broken', 'after'], 'broken');
    await expect(runMigrations(localDb(), table(), list)).rejects.toThrow('broken broke');
    const applied = await appliedMigrationIds(localDb(), table());
    expect(list.map((m) => applied.has(m.id))).toEqual([true, false, false]);
    await expect(runMigrations(localDb(), table(), list)).rejects.toThrow('broken broke');
    expect(runs).toEqual(['first', 'broken', 'broken']);
  });

  it('lists the four historical migrations first, in the order they were released', () => {
    expect(migrations.map((m) => m.id).slice(0, 4)).toEqual([
      '001-candidate-emails',
      '002-schedule-shards',
      '003-answer-ratings',
      '004-search-tokens',
    ]);
    expect(() => checkMigrationList(migrations)).not.toThrow();
    expect(() => checkMigrationList([migrations[1]!, migrations[0]!])).toThrow(/ascend/);
  });

  it('runs as `npm run migrate -- --dry-run` with TABLE_NAME, listing the real migrations pending in the table', async () => {
    const env = { ...process.env, ...localEnv(), TABLE_NAME: table() };
    const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
    const { stdout } = await promisify(execFile)(tsx, ['scripts/migrate.ts', '--dry-run'], { cwd: repoRoot, env });
    for (const migration of migrations) expect(stdout).toContain(`${migration.id}: ${migration.what}`);
    expect((await appliedMigrationIds(localDb(), table())).has(migrations[0]!.id)).toBe(false);
  });
});
