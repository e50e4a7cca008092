import { describe, expect, it } from 'vitest';
import { mailTo } from '../support/accounts';
import { call } from '../support/api';
import { allocateCredits } from '../support/aws';
import { interviewLinkMailedTo, interviewFixture } from '../support/interviews';
import { expectAccessible } from './support/accessibility';
import { trackErrors, appUrl, useBrowser } from './support/browser';
import { paths } from '../../lambdas/contracts/app-paths';
import { signedInOwner } from './support/session';

const browser = useBrowser();

// A 1×1 transparent PNG.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const interview = interviewFixture({ outro: { title: 'Thanks' }, pacing: { thinking_time: null, answer_time: 30, retakes: 1 } });

describe('the branding theme', () => {
  it("is saved in the Theme tab and shows in the header, the invitation e-mail and the candidate's welcome screen", async () => {
    const owner = await signedInOwner(browser, 'Branded Shop');
    await allocateCredits(owner.companyId, 5);
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.company.to(owner.companyId)));
    await page.getByTestId('company-name').waitFor();
    expect(await page.getByTestId('company-logo').count()).toBe(0);

    await page.getByRole('button', { name: 'Company settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Company settings' });
    await dialog.getByRole('tab', { name: 'Theme' }).click();
    const save = dialog.getByRole('button', { name: 'Save', exact: true });
    await save.waitFor();
    expect(await save.isDisabled()).toBe(true);
    await expectAccessible(page, 'company settings: theme');

    // Amplify's switch hides its input behind the drawn track: the label toggles it, as a click would.
    await dialog.getByText(/^Use the theme/).click();
    expect(await dialog.getByRole('switch', { name: /Use the theme/ }).isChecked()).toBe(true);
    expect(await save.isDisabled()).toBe(false);
    await dialog.getByLabel('Primary color', { exact: true }).fill('#ffeb3');
    await dialog.getByText('Use a color like #3f51b5.').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('Primary color', { exact: true }).fill('#ffeb3b');
    // The swatch's colour input follows the hex field.
    expect(await dialog.getByLabel('Pick primary color').inputValue()).toBe('#ffeb3b');
    await dialog.getByLabel('Secondary color', { exact: true }).fill('#112233');

    const logoInput = dialog.getByLabel('Logo');
    await logoInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await dialog.getByText('Must upload an image').waitFor();
    await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await dialog.getByRole('img', { name: 'Company logo' }).waitFor();
    await expectAccessible(page, 'company settings: theme, edited');
    await save.click();
    await dialog.getByText('Theme saved.').waitFor();
    expect(await save.isDisabled()).toBe(true);
    // The header shows the company's logo now.
    await page.getByTestId('company-logo').waitFor();
    expect(errors).toEqual([]);
    await owner.context.close();

    const { body: position } = await call('createPosition', {
      params: { companyId: owner.companyId },
      session: owner.sessionId,
      body: { job_title: 'Brand manager', interview },
    });
    const email = `ada-${Date.now()}@example.com`;
    const invited = await call('inviteCandidate', {
      params: { positionId: position.position_id },
      session: owner.sessionId,
      body: { candidate_name: 'Ada Lovelace', email },
    });
    expect(invited.status).toBe(201);
    const mail = (await mailTo(email)).find((m) => m.subject.includes('invites you to a video interview'))!;
    expect(mail.html).toContain('background:#ffeb3b;color:#000000');
    expect(mail.html).toMatch(/<img src="[^"]+" alt="Branded Shop"/);

    const context = await browser.newContext();
    const candidate = await context.newPage();
    const candidateErrors = trackErrors(candidate);
    await candidate.goto(await interviewLinkMailedTo(email));
    await candidate.getByRole('heading', { name: 'Welcome, Ada Lovelace' }).waitFor();
    const header = candidate.getByTestId('brand-header');
    const colours = await header.evaluate((el) => {
      const style = getComputedStyle(el);
      return { background: style.backgroundColor, color: style.color, rule: style.borderBottomColor };
    });
    expect(colours).toEqual({ background: 'rgb(255, 235, 59)', color: 'rgb(0, 0, 0)', rule: 'rgb(17, 34, 51)' });
    const logo = header.getByRole('img', { name: 'Branded Shop logo' });
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    const start = candidate.getByRole('button', { name: 'Start the interview' });
    const button = await start.evaluate((el) => ({ background: getComputedStyle(el).backgroundColor, color: getComputedStyle(el).color }));
    expect(button).toEqual({ background: 'rgb(255, 235, 59)', color: 'rgb(0, 0, 0)' });
    await expectAccessible(candidate, 'interview: welcome, themed');
    expect(candidateErrors).toEqual([]);
    await context.close();
  });
});
