import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, trackErrors } from './support/browser';
import { signedInOwner } from './support/session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const apiGet = async (path: string, sessionId: string) =>
  (await fetch(`${baseUrl()}/api/v1${path}`, { headers: { 'x-session-id': sessionId } })).json();

describe('positions', () => {
  it('creates a position through the wizard (restoring the draft after a reload), edits, limits access, closes, re-opens and deletes it', async () => {
    const owner = await signedInOwner(browser, 'Wizardry');
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(`${baseUrl()}/#/companies/${owner.companyId}/positions`);
    await page.getByRole('button', { name: 'Create a position' }).click();
    await page.getByRole('heading', { name: 'Create a position' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).waitFor();

    // Step 1: a name is needed to go on.
    const step1 = page.getByRole('region', { name: 'Enter a position name' });
    expect(await step1.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.getByLabel('Position name', { exact: true }).fill('QA Lead');
    await step1.getByRole('button', { name: 'Next' }).click();

    // Step 2: at least one question, each with a title (or a video).
    const step2 = page.getByRole('region', { name: 'Record your questions' });
    expect(await step2.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await step2.getByRole('button', { name: 'Add a typed question' }).click();
    await step2.getByLabel('Question', { exact: true }).first().fill('How do you test a login form?');
    await step2.getByRole('button', { name: 'Add a typed question' }).click();
    await step2.getByRole('region', { name: 'Question 2' }).getByLabel('Question', { exact: true }).fill('Tell us about a bug you are proud of finding.');
    await page.waitForTimeout(400); // edits reach the draft after the 250 ms debounce
    const draft = await page.evaluate((id) => JSON.parse(localStorage.getItem(`position_draft_${id}`) ?? 'null'), owner.companyId);
    expect(draft.jobTitle).toBe('QA Lead');
    expect(draft.interview.questions).toHaveLength(2);

    // A reload offers the draft back.
    await page.reload();
    await page.getByRole('button', { name: 'Yes, restore draft' }).click();
    expect(await page.getByLabel('Position name', { exact: true }).inputValue()).toBe('QA Lead');
    await step1.getByRole('button', { name: 'Next' }).click();
    expect(await step2.getByLabel('Question', { exact: true }).first().inputValue()).toBe('How do you test a login form?');
    await step2.getByRole('button', { name: 'Next' }).click();

    // Step 3: pacing defaults of the spec, then one change.
    const step3 = page.getByRole('region', { name: 'Adjust the pacing' });
    expect(await step3.getByLabel('Thinking time').inputValue()).toBe('30');
    expect(await step3.getByLabel('Max answer length').inputValue()).toBe('120');
    expect(await step3.getByLabel('Retakes').inputValue()).toBe('0');
    await step3.getByLabel('Retakes').selectOption({ label: 'Unlimited' });
    await step3.getByRole('button', { name: 'Finish' }).click();

    await page.waitForURL(/#\/companies\/[^/]+\/positions\/[^/?]+\?celebrate=true$/);
    const positionId = /positions\/([^/?]+)\?/.exec(page.url())![1]!;
    await page.locator('canvas').first().waitFor({ state: 'attached' }); // confetti
    expect(await page.evaluate((id) => localStorage.getItem(`celebrated_${id}`), positionId)).toBe('1');
    expect(await page.evaluate((id) => localStorage.getItem(`position_draft_${id}`), owner.companyId)).toBeNull();
    const created = await apiGet(`/positions/${positionId}`, owner.sessionId);
    expect(created.interview.pacing).toEqual({ thinking_time: 30, answer_time: 120, retakes: null });

    // Confetti only once per position.
    await page.reload();
    await page.getByRole('heading', { name: 'QA Lead' }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.locator('canvas').count()).toBe(0);
    await page.getByText('Sent an interview to complete').waitFor();

    // Questions view: edit, reorder, save.
    await page.getByRole('button', { name: 'Questions', exact: true }).click();
    const save = page.getByRole('button', { name: 'Save changes' });
    expect(await save.isDisabled()).toBe(true);
    await page.getByRole('region', { name: 'Question 1' }).getByLabel('Question', { exact: true }).fill('How would you test a sign-in form?');
    await page.getByRole('button', { name: 'Move question 2 up' }).click();
    expect(await page.getByRole('button', { name: 'Move question 1 up' }).isDisabled()).toBe(true);
    await save.click();
    await expect.poll(async () => (await apiGet(`/positions/${positionId}`, owner.sessionId)).interview.questions.map((q: { title: string }) => q.title)).toEqual([
      'Tell us about a bug you are proud of finding.',
      'How would you test a sign-in form?',
    ]);

    // Settings: limit access to the owner, save, land on the candidates view.
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByText('Only selected members', { exact: true }).click();
    expect(await page.getByLabel('Only selected members').isChecked()).toBe(true);
    await page.getByRole('group', { name: 'Members with access' }).getByLabel(owner.email).waitFor();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/view=candidates/);
    expect((await apiGet(`/positions/${positionId}`, owner.sessionId)).sharing.user_ids).toHaveLength(1);

    // Close, re-open, close and delete.
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    expect(await page.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('button', { name: 'Re-open' }).and(page.locator(':not([disabled])')).waitFor();
    await page.getByRole('button', { name: 'Re-open' }).click();
    await page.getByRole('button', { name: 'Close', exact: true }).and(page.locator(':not([disabled])')).waitFor();
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('button', { name: 'Delete' }).and(page.locator(':not([disabled])')).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/#\/companies\/[^/]+\/positions$/);
    expect((await fetch(`${baseUrl()}/api/v1/positions/${positionId}`, { headers: { 'x-session-id': owner.sessionId } })).status).toBe(404);
    expect(errors).toEqual([]);
    await owner.context.close();
  });
});
