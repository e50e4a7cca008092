import { describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { mailTo, uniqueEmail } from '../support/accounts';
import { expectAccessible } from './support/accessibility';
import { baseUrl, trackErrors, appUrl, useBrowser } from './support/browser';
import { paths } from '../../lambdas/contracts/app-paths';
import { signedInOwner } from './support/session';
import { interviewFixture } from '../support/interviews';

const browser = useBrowser();

describe('candidate notifications', () => {
  it('plans a reminder in the settings view, which reaches an invited candidate two days later', async () => {
    const owner = await signedInOwner(browser, 'Reminder Works');
    const positionId = (
      await call('createPosition', {
        params: { companyId: owner.companyId },
        session: owner.sessionId,
        body: {
          job_title: 'Night nurse',
          interview: interviewFixture({ questions: ['Why nights?'], pacing: { thinking_time: 30, answer_time: 120, retakes: 1 } }),
        },
      })
    ).body.position_id;
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.position.to(owner.companyId, positionId, { view: 'settings' })));
    const section = page.getByRole('region', { name: 'Candidate notifications' });
    await section.getByText('No messages are planned.', { exact: false }).waitFor();
    const save = page.getByRole('button', { name: 'Save changes' });

    // A notification needs both a message and a trigger before it can be saved.
    await section.getByRole('button', { name: 'Add notification' }).click();
    expect(await save.isDisabled()).toBe(true);
    await section.getByLabel('Message').selectOption({ label: 'Interview reminder' });
    expect(await save.isDisabled()).toBe(true);
    await section.getByLabel('Send').selectOption({ label: '2 days after the invite, if no response' });
    expect(await save.isDisabled()).toBe(false);
    await expectAccessible(page, 'position settings, a notification planned');
    await save.click();
    await page.waitForURL(/view=candidates/);
    const position = (await call('getPosition', { params: { positionId }, session: owner.sessionId })).body;
    expect(position.planned_messages).toEqual([{ template_id: 'standard-reminder', send_trigger: 'P2D' }]);

    // Back in settings, the plan shows as saved.
    await page.goto(appUrl(paths.position.to(owner.companyId, positionId, { view: 'settings' })));
    await expect.poll(() => section.getByLabel('Message').inputValue()).toBe('standard-reminder');
    expect(await section.getByLabel('Send').inputValue()).toBe('P2D');

    // Invite someone; two days on, the scheduled job sends the reminder.
    const email = uniqueEmail('nurse');
    expect(
      (await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: 'Nora Night', email } })).status,
    ).toBe(201);
    const inTwoDays = new Date(Date.now() + 2 * 24 * 3600 * 1000 + 60_000).toISOString();
    await fetch(`${baseUrl()}/_local/schedules/sendPlannedMessages?time=${encodeURIComponent(inTwoDays)}`, { method: 'POST' });
    const reminder = (await mailTo(email)).find((m) => m.subject === 'Reminder: your video interview for Night nurse');
    expect(reminder?.text).toContain('Hello Nora Night');

    // Removing it leaves nothing planned.
    await section.getByRole('button', { name: 'Remove notification 1' }).click();
    await save.click();
    await page.waitForURL(/view=candidates/);
    expect((await call('getPosition', { params: { positionId }, session: owner.sessionId })).body.planned_messages).toEqual([]);
    expect(errors).toEqual([]);
  });
});
