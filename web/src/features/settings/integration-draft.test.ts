import { describe, expect, it } from 'vitest';
import { canAdd, chooseType, emptyDraft, toNewIntegration, type IntegrationDraft } from './integration-draft';

const draft = (patch: Partial<IntegrationDraft>): IntegrationDraft => ({ ...emptyDraft, ...patch });

describe('the Integrate tab form', () => {
  it('needs a type that is not added yet (spec §5)', () => {
    expect(canAdd(emptyDraft, [])).toBe(false);
    expect(canAdd(draft({ integrationType: 'ashby', authToken: 'k' }), [])).toBe(true);
    expect(canAdd(draft({ integrationType: 'ashby', authToken: 'k' }), ['ashby'])).toBe(false);
  });

  it('needs the secret, and the username where the type shows one', () => {
    expect(canAdd(draft({ integrationType: 'comeet', authToken: '   ' }), [])).toBe(false);
    expect(canAdd(draft({ integrationType: 'hiringthing', authToken: 'pw' }), [])).toBe(false);
    expect(canAdd(draft({ integrationType: 'hiringthing', authToken: 'pw', username: 'key' }), [])).toBe(true);
    expect(canAdd(draft({ integrationType: 'greenhouse', authToken: 'secret', username: ' ' }), [])).toBe(false);
    expect(canAdd(draft({ integrationType: 'recruitee', authToken: 'token', username: '42' }), [])).toBe(true);
  });

  it('asks nothing for Lever, whose consent happens in Lever', () => {
    expect(canAdd(draft({ integrationType: 'lever' }), [])).toBe(true);
    expect(canAdd(draft({ integrationType: 'lever' }), ['lever'])).toBe(false);
  });

  it('starts another type from empty fields', () => {
    expect(chooseType('greenhouse')).toEqual({ ...emptyDraft, integrationType: 'greenhouse' });
  });

  it('sends only the fields the type shows, trimmed', () => {
    expect(toNewIntegration({ ...draft({ authToken: ' key ', username: 'ignored' }), integrationType: 'ashby' })).toEqual({
      integrationType: 'ashby',
      authToken: 'key',
    });
    expect(toNewIntegration({ ...draft({ authToken: 'pw', username: ' user ' }), integrationType: 'hiringthing' })).toEqual({
      integrationType: 'hiringthing',
      authToken: 'pw',
      username: 'user',
    });
    expect(
      toNewIntegration({ ...draft({ authToken: 'secret', username: 'client', automaticStageTransitions: true }), integrationType: 'greenhouse' }),
    ).toEqual({
      integrationType: 'greenhouse',
      authToken: 'secret',
      username: 'client',
      integrationProperties: { greenhouse: { automaticStageTransitions: true } },
    });
  });
});
