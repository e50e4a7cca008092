import { describe, expect, it } from 'vitest';
import { matchesFilter, type FilterPattern } from '../../lambdas/platform/filter-pattern';
import { streamFunctions } from '../../lambdas/streams';

/** A DynamoDB stream record in Lambda's shape, as the local poller builds it and Lambda filters it. */
const record = (keys: Record<string, string>, extra: Record<string, unknown> = {}) => ({
  eventName: 'MODIFY',
  eventSource: 'aws:dynamodb',
  dynamodb: { Keys: Object.fromEntries(Object.entries(keys).map(([name, value]) => [name, { S: value }])), SequenceNumber: '100', ...extra },
});

/** The report function's filter (lambdas/streams.ts): SK exactly CANDIDATE, PK beginning CANDIDATE#. */
const candidateProfiles: FilterPattern = streamFunctions.aggregateReports.filter;

describe('Lambda filter patterns (the subset the stream functions use)', () => {
  it('passes a record whose every field matches, nested', () => {
    expect(matchesFilter(candidateProfiles, record({ PK: 'CANDIDATE#c1', SK: 'CANDIDATE' }))).toBe(true);
  });

  it('refuses a record when any field does not match: the exact value, the prefix, a missing field', () => {
    expect(matchesFilter(candidateProfiles, record({ PK: 'CANDIDATE#c1', SK: 'ANSWER#1' }))).toBe(false);
    expect(matchesFilter(candidateProfiles, record({ PK: 'POSITION#p1', SK: 'CANDIDATE' }))).toBe(false);
    // A prefix matches from the start only, and case matters.
    expect(matchesFilter(candidateProfiles, record({ PK: 'X#CANDIDATE#c1', SK: 'CANDIDATE' }))).toBe(false);
    expect(matchesFilter(candidateProfiles, record({ PK: 'candidate#c1', SK: 'CANDIDATE' }))).toBe(false);
    expect(matchesFilter(candidateProfiles, record({ PK: 'CANDIDATE#c1' }))).toBe(false);
    // A value of another type (N where S is asked for) is a missing field.
    expect(matchesFilter(candidateProfiles, { dynamodb: { Keys: { PK: { S: 'CANDIDATE#c1' }, SK: { N: '1' } } } })).toBe(false);
    // An object where a value is asked for never matches.
    expect(matchesFilter({ dynamodb: ['x'] }, { dynamodb: { x: 1 } })).toBe(false);
  });

  it('matches one of several values, and a list in the record by any element', () => {
    const pattern: FilterPattern = { eventName: ['INSERT', 'MODIFY'] };
    expect(matchesFilter(pattern, { eventName: 'MODIFY' })).toBe(true);
    expect(matchesFilter(pattern, { eventName: 'REMOVE' })).toBe(false);
    expect(matchesFilter({ tags: ['b'] }, { tags: ['a', 'b'] })).toBe(true);
    expect(matchesFilter({ tags: ['c'] }, { tags: ['a', 'b'] })).toBe(false);
    expect(matchesFilter({ n: [3] }, { n: 3 })).toBe(true);
    expect(matchesFilter({ n: [3] }, { n: '3' })).toBe(false);
  });

  it('tells present from absent fields (exists), and excludes values (anything-but)', () => {
    expect(matchesFilter({ dynamodb: { OldImage: [{ exists: false }] } }, record({ PK: 'a' }))).toBe(true);
    expect(matchesFilter({ dynamodb: { OldImage: [{ exists: false }] } }, record({ PK: 'a' }, { OldImage: {} }))).toBe(false);
    expect(matchesFilter({ dynamodb: { SequenceNumber: [{ exists: true }] } }, record({ PK: 'a' }))).toBe(true);
    expect(matchesFilter({ dynamodb: { NewImage: [{ exists: true }] } }, record({ PK: 'a' }))).toBe(false);
    expect(matchesFilter({ eventName: [{ 'anything-but': ['REMOVE'] }] }, { eventName: 'INSERT' })).toBe(true);
    expect(matchesFilter({ eventName: [{ 'anything-but': ['REMOVE'] }] }, { eventName: 'REMOVE' })).toBe(false);
  });

  it('an empty pattern passes everything', () => {
    expect(matchesFilter({}, record({ PK: 'anything' }))).toBe(true);
  });
});
