import { describe, expect, it } from 'vitest';
import { describeWriteBack, type WriteBack } from './write-back';

const writeBack = (patch: Partial<WriteBack>): WriteBack => ({
  event: 'responded',
  status: 'pending',
  attempts: 0,
  lastError: null,
  updatedAt: '2026-06-05T12:00:00.000Z',
  ...patch,
});

describe("the integration panel's write-back state", () => {
  it('says each state in words', () => {
    expect(describeWriteBack('Greenhouse', writeBack({}))).toBe('Sending the result to Greenhouse…');
    expect(describeWriteBack('Greenhouse', writeBack({ status: 'retrying', attempts: 2, lastError: '503' }))).toBe(
      "Couldn't reach Greenhouse yet (2 tries so far); trying again shortly.",
    );
    expect(describeWriteBack('Lever', writeBack({ status: 'delivered', attempts: 1 }))).toBe('Result sent to Lever.');
    expect(describeWriteBack('Lever', writeBack({ status: 'failed', attempts: 5, lastError: 'Lever refused the token' }))).toBe(
      "Couldn't send the result to Lever: Lever refused the token",
    );
  });
});
