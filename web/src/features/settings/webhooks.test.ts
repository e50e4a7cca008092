import { describe, expect, it } from 'vitest';
import { endpointChanges, endpointStatus, formatLatency, urlProblem } from './webhooks';

const endpoint = { enabled: true, disabledReason: null, disabledAt: null, failingSince: null } as const;

describe('a webhook endpoint’s status', () => {
  it('is enabled, failing while still enabled, or disabled with its reason', () => {
    expect(endpointStatus(endpoint)).toEqual({ kind: 'enabled' });
    expect(endpointStatus({ ...endpoint, failingSince: '2026-03-01T00:00:00Z' })).toEqual({ kind: 'failing', since: '2026-03-01T00:00:00Z' });
    expect(
      endpointStatus({
        ...endpoint,
        enabled: false,
        disabledReason: 'failing',
        disabledAt: '2026-03-04T00:00:00Z',
        failingSince: '2026-03-01T00:00:00Z',
      }),
    ).toEqual({
      kind: 'disabled',
      reason: 'failing',
      at: '2026-03-04T00:00:00Z',
    });
    expect(endpointStatus({ ...endpoint, enabled: false, disabledReason: 'owner', disabledAt: '2026-03-04T00:00:00Z' })).toMatchObject({
      reason: 'owner',
    });
  });
});

describe('the endpoint form', () => {
  it('asks for a URL, and one of the web', () => {
    expect(urlProblem('  ')).toBe('Enter the endpoint’s URL.');
    expect(urlProblem('example.com/hook')).toBe('Enter a URL starting with https://.');
    expect(urlProblem('ftp://example.com/hook')).toBe('Enter a URL starting with https://.');
    expect(urlProblem(' https://example.com/hook ')).toBeNull();
  });

  it('sends only what an edit changed', () => {
    const saved = { url: 'https://a.example/hook', events: ['candidate.invited', 'candidate.completed'], description: 'CRM' };
    expect(endpointChanges(saved, { ...saved, events: ['candidate.completed', 'candidate.invited'], url: ' https://a.example/hook ' })).toEqual({});
    expect(endpointChanges(saved, { ...saved, events: ['candidate.completed'] })).toEqual({ events: ['candidate.completed'] });
    expect(endpointChanges(saved, { url: 'https://b.example/hook', events: saved.events, description: ' CRM sync ' })).toEqual({
      url: 'https://b.example/hook',
      description: 'CRM sync',
    });
  });
});

describe('a delivery’s latency', () => {
  it('reads in milliseconds, then seconds; a dash without an answer', () => {
    expect(formatLatency(84.4)).toBe('84 ms');
    expect(formatLatency(1234)).toBe('1.2 s');
    expect(formatLatency(null)).toBe('—');
  });
});
