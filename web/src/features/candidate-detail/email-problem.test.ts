import { describe, expect, it } from 'vitest';
import { emailProblem } from './email-problem';

const BOUNCED = 'bounce@simulator.amazonses.com';

describe('emailProblem', () => {
  it('accepts a corrected address, whatever its case and surrounding spaces', () => {
    expect(emailProblem('  Bo.Fixed@Example.com ', BOUNCED)).toBeNull();
    expect(emailProblem('bo@mail.example.co.uk', null)).toBeNull();
  });

  it('asks for an address when the field is (nearly) empty', () => {
    expect(emailProblem('', BOUNCED)).toBe('Enter an e-mail address.');
    expect(emailProblem('  a ', BOUNCED)).toBe('Enter an e-mail address.');
  });

  it('refuses what is no address, and one too long', () => {
    for (const value of ['not an address', 'bo@', '@example.com', 'bo@example', 'bo@@example.com', 'bo@example..com']) {
      expect(emailProblem(value, BOUNCED), value).toBe('Enter a valid e-mail address.');
    }
    expect(emailProblem(`${'b'.repeat(250)}@example.com`, BOUNCED)).toBe('That e-mail address is too long.');
  });

  it('refuses the address that bounced, however it is typed', () => {
    expect(emailProblem(' Bounce@Simulator.AmazonSES.com', BOUNCED)).toBe('This is the address that bounced. Enter the corrected one.');
  });
});
