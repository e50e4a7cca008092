import { describe, expect, it, vi } from 'vitest';
import { readLeverReturn, settleLeverReturn, type LeverCalls } from './complete-lever';

const calls = (companyId = 'c-1'): LeverCalls & { complete: ReturnType<typeof vi.fn>; abort: ReturnType<typeof vi.fn> } => ({
  complete: vi.fn(async () => ({ companyId })),
  abort: vi.fn(async () => ({ companyId })),
});
const read = (query: string) => readLeverReturn(new URLSearchParams(query));

describe("settling Lever's consent", () => {
  it('completes the integration with the code, then goes to the company saying Lever is connected', async () => {
    const api = calls();
    const outcome = await settleLeverReturn(read('state=s-1&code=abc'), api);
    expect(api.complete).toHaveBeenCalledWith('s-1', 'abc');
    expect(api.abort).not.toHaveBeenCalled();
    expect(outcome).toEqual({ alert: { message: 'Lever is connected.', severity: 'success' }, to: '/companies/c-1', connected: 'c-1' });
  });

  it("ends a refused consent with Lever's error, and goes to the company with the failure", async () => {
    const api = calls();
    const outcome = await settleLeverReturn(read('state=s-2&error=access_denied&error_description=User+said+no'), api);
    expect(api.abort).toHaveBeenCalledWith('s-2', 'access_denied', 'User said no');
    expect(api.complete).not.toHaveBeenCalled();
    expect(outcome).toEqual({
      alert: { message: 'Unable to complete the integration. Please contact us.', severity: 'error' },
      to: '/companies/c-1',
      connected: null,
    });
  });

  it('ends a consent that came back with neither code nor error', async () => {
    const api = calls();
    await settleLeverReturn(read('state=s-3'), api);
    expect(api.abort).toHaveBeenCalledWith('s-3', null, null);
  });

  it('goes to / with the failure when a call fails or there is no state to settle', async () => {
    const failing: LeverCalls = { complete: async () => Promise.reject(new Error('410')), abort: async () => Promise.reject(new Error('500')) };
    const failure = { alert: { message: 'Unable to complete the integration. Please contact us.', severity: 'error' }, to: '/', connected: null };
    expect(await settleLeverReturn(read('state=s&code=c'), failing)).toEqual(failure);
    expect(await settleLeverReturn(read('state=s&error=e'), failing)).toEqual(failure);
    const api = calls();
    expect(await settleLeverReturn(read('code=c'), api)).toEqual(failure);
    expect(api.complete).not.toHaveBeenCalled();
  });

  it("keeps Lever's error within what the abort accepts", async () => {
    const api = calls();
    await settleLeverReturn(read(`state=s&error=${'e'.repeat(300)}&error_description=${'d'.repeat(3000)}`), api);
    const [, error, description] = api.abort.mock.calls[0] as [string, string, string];
    expect(error).toHaveLength(200);
    expect(description).toHaveLength(2000);
  });
});
