import { describe, expect, it } from 'vitest';
import { mailTo } from '../support/accounts';
import { call } from '../support/api';
import { allocateCredits } from '../support/aws';
import { expectAccessible } from './support/accessibility';
import { baseUrl, trackErrors, appUrl, useBrowser } from './support/browser';
import { paths } from '../../lambdas/contracts/app-paths';
import { signedInOwner } from './support/session';
import { interviewFixture } from '../support/interviews';

const browser = useBrowser();

const typedInterview = interviewFixture({ questions: ['What brings you here?'] });

describe('inviting candidates', () => {
  it('invites by e-mail and by link, imports a CSV (past the credits, then with more), previews, and stops when closed', async () => {
    const owner = await signedInOwner(browser, 'Invite Studio');
    await owner.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    const { position_id: positionId } = (
      await call('createPosition', {
        params: { companyId: owner.companyId },
        session: owner.sessionId,
        body: { job_title: 'Office manager', interview: typedInterview },
      })
    ).body;
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.position.to(owner.companyId, positionId)));
    await page.getByText('Sent an interview to complete').waitFor();
    await expectAccessible(page, 'position: candidates, none yet');

    // One candidate by e-mail.
    await page.getByRole('button', { name: 'Invite candidate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite candidate' });
    expect(await dialog.getByRole('button', { name: 'Send invite' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'invite dialog');
    await dialog.getByLabel('Full name').fill('Mary Jackson');
    await dialog.getByLabel('Email', { exact: true }).fill('mary.jackson@example.com');
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    await dialog.getByText('The interview invitation is on its way to mary.jackson@example.com.').waitFor();
    await expectAccessible(page, 'invite dialog, sent by e-mail');
    expect((await mailTo('mary.jackson@example.com')).map((m) => m.subject)).toContain(
      'Invite Studio invites you to a video interview for Office manager',
    );

    // Another by link, copied to the clipboard.
    await dialog.getByRole('button', { name: 'Invite another' }).click();
    expect(await dialog.getByLabel('Full name').inputValue()).toBe(''); // an empty form again
    expect(await dialog.getByLabel('Email', { exact: true }).inputValue()).toBe('');
    await dialog.getByLabel('Full name').fill('Dorothy Vaughan');
    await dialog.getByText('Send email invite').click();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const link = await dialog.getByLabel('Interview link').inputValue();
    expect(link).toMatch(/#\/interview\/[A-Za-z0-9_-]+$/);
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await dialog.getByRole('button', { name: 'Copied to clipboard!' }).waitFor();
    await expectAccessible(page, 'invite dialog, a link made');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('tab', { name: 'Invited (2)' }).waitFor();
    await page.getByRole('article', { name: 'Dorothy Vaughan' }).getByText('Not available').waitFor();
    await expectAccessible(page, 'position: candidates, two invited');

    // A CSV of three rows: one credit is left, so the server refuses; with more credits it goes through.
    await page.getByRole('button', { name: 'More ways to invite' }).click();
    await page.getByRole('menuitem', { name: 'Invite candidates in bulk' }).waitFor();
    await expectAccessible(page, 'the invite menu');
    await page.getByRole('menuitem', { name: 'Invite candidates in bulk' }).click();
    const bulk = page.getByRole('dialog', { name: 'Invite candidates in bulk' });
    expect(await bulk.getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(true);
    await expectAccessible(page, 'bulk invite dialog');
    await bulk.getByLabel('CSV file').setInputFiles({
      name: 'candidates.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Name,Email\nKatherine Johnson,katherine@example.com\n,\nChristine Darden,\nMelba Roy,melba@example.com\n'),
    });
    await bulk.getByText('3 candidates from candidates.csv').waitFor();
    await expectAccessible(page, 'bulk invite dialog, a CSV loaded');
    expect(await bulk.getByRole('row').allInnerTexts()).toEqual([
      'Name\tEmail',
      'Katherine Johnson\tkatherine@example.com',
      'Christine Darden\tNot available',
      'Melba Roy\tmelba@example.com',
    ]);
    await bulk.getByRole('button', { name: 'Send', exact: true }).click();
    await bulk.getByText('You have 1 interview credit left, not enough for this many candidates. Select a plan to invite more.').waitFor();
    await expectAccessible(page, 'bulk invite dialog, too few credits');
    await allocateCredits(owner.companyId, 10);
    await bulk.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('3 candidates invited.').waitFor();
    await page.getByRole('tab', { name: 'Invited (5)' }).waitFor();
    await page.getByRole('article', { name: 'Melba Roy' }).waitFor();

    // Send yourself a preview: the mail, and no candidate more.
    await page.getByRole('button', { name: 'More ways to invite' }).click();
    await page.getByRole('menuitem', { name: 'Send yourself a preview' }).click();
    await page.getByText("We've emailed you a preview invite").waitFor();
    await expectAccessible(page, 'position: candidates, a notice shown');
    expect((await mailTo(owner.email)).some((m) => m.subject.startsWith('[Preview] Invite Studio invites you'))).toBe(true);

    // Delete an invite from its card.
    await page.getByRole('button', { name: 'Actions for Melba Roy' }).click();
    await page.getByRole('menuitem', { name: 'Delete invite' }).click();
    await page.getByRole('tab', { name: 'Invited (4)' }).waitFor();
    expect(await page.getByRole('article', { name: 'Melba Roy' }).count()).toBe(0);

    // Closed: the banner, and no inviting.
    await call('setPositionStatus', { params: { positionId, status: 'close' }, session: owner.sessionId });
    await page.reload();
    await page.getByText('The position is currently closed and needs to be re-opened before additional candidates can be invited.').waitFor();
    await expectAccessible(page, 'position: candidates, closed');
    expect(await page.getByRole('button', { name: 'Invite candidate' }).isDisabled()).toBe(true);

    // The refused bulk invite (402) is the only failed request.
    expect(errors.filter((e) => !e.startsWith('402 POST') && !e.includes('status of 402'))).toEqual([]);
    await owner.context.close();
  });
});
