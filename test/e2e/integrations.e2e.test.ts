import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/accounts';
import { call } from '../support/api';
import { allocateCredits } from '../support/aws';
import { interviewLinkMailedTo, interviewFixture } from '../support/interviews';
import { expectAccessible } from './support/accessibility';
import { baseUrl, trackErrors, appUrl, useBrowser } from './support/browser';
import { paths } from '../../lambdas/contracts/app-paths';
import { signedInOwner } from './support/session';

/**
 * Issue 16's walk through the ATS integrations in the browser, against the vendors' stand-ins on the
 * app's origin (lib/local/ats): a key-based type (Greenhouse, with its stage move) and Lever's OAuth
 * consent. Each connects on the Integrate tab, tags a position in its Settings, gets a tagged
 * candidate from the stand-in (the sync for Greenhouse, Lever's webhook at once), whose invitation
 * arrives and who records the interview with the fake camera; the result goes back as a note with
 * the link to the answers, and the candidate's page opens the ATS profile.
 */
type Owner = Awaited<ReturnType<typeof signedInOwner>>;

interface StandInCandidate {
  id: string;
  name: string;
  email: string | null;
  stage: string;
  notes: { body: string }[];
  stageMoves: { from: string; to: string }[];
}

const browser = useBrowser();

const interview = interviewFixture({
  questions: ['Tell us about your last project'],
  outro: { title: 'Thanks for your time' },
  pacing: { thinking_time: null, answer_time: 30 },
});

const standIn = (type: string, path = '') => `${baseUrl()}/_local/ats/${type}${path}`;

const standInCandidate = async (type: string, email: string): Promise<StandInCandidate | undefined> => {
  const state = (await (await fetch(standIn(type, '/state'))).json()) as { candidates: StandInCandidate[] };
  return state.candidates.find((c) => c.email === email);
};

const runSchedule = async (id: 'syncIntegrations' | 'deliverIntegrationResults') => {
  const res = await fetch(`${baseUrl()}/_local/schedules/${id}`, { method: 'POST' });
  expect(res.status, await res.text()).toBe(200);
};

const createPosition = async (owner: Owner, jobTitle: string) => {
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: jobTitle, interview },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.position_id as string;
};

const openIntegrateTab = async (page: Page) => {
  await page.getByRole('button', { name: 'Company settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Company settings' });
  await dialog.getByRole('tab', { name: 'Integrate' }).click();
  await dialog.getByRole('heading', { name: 'Add an integration' }).waitFor();
  return dialog;
};

/** The position's Settings view: fills the integration's tag section and saves. */
const tagPosition = async (page: Page, owner: Owner, positionId: string, tagLabel: string, tag: string, label: string) => {
  await page.goto(appUrl(paths.position.to(owner.companyId, positionId)));
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const field = page.getByLabel(tagLabel);
  await field.fill(tag);
  await expectAccessible(page, label);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.waitForURL(/view=candidates/);
  const saved = await call('getPosition', { params: { positionId }, session: owner.sessionId });
  return saved.body.integration_tags as { integration_type: string; tag: string }[];
};

/** The stand-in's control page in the browser: "Add a candidate with a tag", then the candidate is listed. */
const addInStandIn = async (page: Page, type: string, person: { name: string; email: string; tag: string }) => {
  await page.goto(standIn(type));
  await page.getByRole('heading', { name: 'Add a candidate with a tag' }).waitFor();
  await expectAccessible(page, `${type} stand-in: control page`);
  await page.getByLabel('Name').fill(person.name);
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Tag').fill(person.tag);
  await page.getByRole('button', { name: 'Add candidate' }).click();
  // The stand-in is shared with other tests (the api tests add their own Ada Lovelace): find this one by address.
  await page.getByRole('listitem').filter({ hasText: person.email }).getByRole('heading', { name: person.name, level: 3 }).waitFor();
  const added = await standInCandidate(type, person.email);
  expect(added).toMatchObject({ name: person.name, notes: [], stageMoves: [] });
  return added!;
};

/** The candidate's side: the e-mailed link, the camera check, one recorded answer, the outro. */
const recordInterview = async (link: string, name: string) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = trackErrors(page);
  await page.goto(link);
  await page.getByRole('heading', { name: `Welcome, ${name}` }).waitFor();
  await page.getByRole('button', { name: 'Start the interview' }).click();
  await page.getByRole('button', { name: 'Turn on camera and microphone' }).click();
  await page.getByLabel('Camera preview').waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Tell us about your last project' }).waitFor();
  await page.getByRole('button', { name: 'Start recording' }).click();
  await page.getByRole('timer', { name: 'Recording time' }).waitFor({ timeout: 10_000 });
  await page.waitForTimeout(2000);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await page.getByLabel('Your answer').waitFor();
  await page.getByRole('button', { name: 'Submit answer' }).click();
  await page.getByRole('heading', { name: 'Thanks for your time' }).waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Finish' }).click();
  await page.getByRole('heading', { name: 'Your interview is complete' }).waitFor();
  expect(errors).toEqual([]);
  await context.close();
};

/**
 * The response is queued for the ATS when the answer is submitted; the one-minute job writes it.
 * It runs now (the local scheduler may also have run it meanwhile), and the panel's state turns
 * delivered after one try.
 */
const deliverResponse = async (owner: Owner, candidateId: string) => {
  const writeBack = async () =>
    (await call('getCandidate', { params: { candidateId }, session: owner.sessionId })).body.integration_attributes?.write_back as
      { event: string; status: string; attempts: number } | null | undefined;
  await expect.poll(async () => (await writeBack())?.event).toBe('responded');
  await runSchedule('deliverIntegrationResults');
  await expect.poll(writeBack).toMatchObject({ event: 'responded', status: 'delivered', attempts: 1, last_error: null });
};

const onlyCandidate = async (owner: Owner, positionId: string, status: 'invited' | 'responded') => {
  const listed = await call('listCandidates', { params: { positionId }, session: owner.sessionId, query: { tab: status } });
  return listed.body.candidates as { candidate_id: string; candidate_name: string }[];
};

/**
 * Once the response is written back: the note's link opens the candidate's page, whose integration
 * panel says the result was sent and whose "Open profile" opens the ATS profile (a new tab) showing
 * the note. Returns that profile page.
 */
const followNoteToProfile = async (
  context: BrowserContext,
  page: Page,
  note: string,
  expected: { href: string; profileHref: string; name: string; vendor: string },
) => {
  const link = /Watch the answers: (\S+)/.exec(note)?.[1];
  expect(link).toBe(expected.href);
  await page.goto(link!);
  await page.getByRole('heading', { level: 1, name: expected.name }).waitFor();
  const panel = page.getByRole('region', { name: expected.vendor });
  await panel.getByText(`Result sent to ${expected.vendor}.`).waitFor();
  const open = panel.getByRole('link', { name: 'Open profile' });
  expect(await open.getAttribute('href')).toBe(expected.profileHref);
  expect(await open.getAttribute('target')).toBe('_blank');
  await expectAccessible(page, `candidate detail: ${expected.vendor} panel`);
  const [profile] = await Promise.all([context.waitForEvent('page'), open.click()]);
  await profile.waitForLoadState();
  expect(profile.url()).toBe(expected.profileHref);
  await profile.getByRole('heading', { level: 1, name: `${expected.name}: ${expected.vendor} profile (local stand-in)` }).waitFor();
  await expectAccessible(profile, `${expected.vendor} stand-in: profile page`);
  return profile;
};

describe('ATS integrations', () => {
  it('Greenhouse: connect with a client ID and API key, tag a position, invite the tagged candidate on sync, write the response back with a stage move', async () => {
    const owner = await signedInOwner(browser, 'Greenhouse Shop');
    await allocateCredits(owner.companyId, 5);
    const positionId = await createPosition(owner, 'Support engineer');
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.company.to(owner.companyId)));
    await page.getByTestId('company-name').waitFor();

    // Connect on the Integrate tab.
    const dialog = await openIntegrateTab(page);
    await dialog.getByText('No integrations yet.', { exact: false }).waitFor();
    await expectAccessible(page, 'company settings: integrate');
    await dialog.getByLabel('Integration type').selectOption('greenhouse');
    await dialog.getByText(/Greenhouse Harvest API v3/).waitFor();
    const add = dialog.getByRole('button', { name: 'Add integration' });
    expect(await add.isDisabled()).toBe(true);
    await dialog.getByLabel('Client ID').fill('greenhouse-local-client');
    await dialog.getByLabel('API key', { exact: true }).fill('greenhouse-local-secret');
    // Amplify's checkbox draws its box over the input: the label toggles it, as a click would.
    await dialog.getByText('Move the application to the next stage when the candidate responds').click();
    expect(await dialog.getByRole('checkbox', { name: 'Move the application to the next stage when the candidate responds' }).isChecked()).toBe(true);
    await expectAccessible(page, 'company settings: integrate, greenhouse form');
    await add.click();
    await dialog.getByRole('status').getByText('Greenhouse is connected.').waitFor();
    const item = dialog.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Greenhouse' }) });
    await item.getByText('Client ID: greenhouse-local-client').waitFor();
    // The secret only as its mask, about 1.25 times its length.
    const mask = '•'.repeat(Math.round('greenhouse-local-secret'.length * 1.25));
    expect(await item.getByText(/^API key:/).textContent()).toBe(`API key: ${mask}hidden`);
    expect(await dialog.textContent()).not.toContain('greenhouse-local-secret');
    await item.getByText('Move the application to the next stage when the candidate responds').waitFor();
    await item.getByText('Not synced yet').waitFor();
    expect(await dialog.getByRole('option', { name: 'Greenhouse (already added)' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'company settings: integrate, greenhouse listed');
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    // Tag the position in its Settings.
    const tag = `video-gh-${Date.now()}`;
    expect(await tagPosition(page, owner, positionId, 'Greenhouse candidate tag', tag, 'position: settings, greenhouse tag')).toEqual([
      { integration_type: 'greenhouse', tag },
    ]);

    // A candidate gets the tag in Greenhouse; the sync invites them.
    const email = uniqueEmail('gh-candidate');
    const name = 'Ada Lovelace';
    const inGreenhouse = await addInStandIn(page, 'greenhouse', { name, email, tag });
    await runSchedule('syncIntegrations');
    const [invited] = await onlyCandidate(owner, positionId, 'invited');
    expect(invited?.candidate_name).toBe(name);
    const link = await interviewLinkMailedTo(email);

    // The candidate records the interview; the result goes back to Greenhouse.
    await recordInterview(link, name);
    await deliverResponse(owner, invited!.candidate_id);
    const written = (await standInCandidate('greenhouse', email))!;
    expect(written.notes).toHaveLength(1);
    expect(written.notes[0]!.body).toContain(`${name} completed the video interview for Support engineer.`);
    // The application moved from the job's first stage to the next.
    expect(written.stageMoves).toMatchObject([{ from: 'Application Review', to: 'Video Interview' }]);
    expect(written.stage).toBe('Video Interview');

    const profile = await followNoteToProfile(owner.context, page, written.notes[0]!.body, {
      href: appUrl(paths.candidate.to(owner.companyId, positionId, invited!.candidate_id)),
      profileHref: standIn('greenhouse', `/app/people/${inGreenhouse.id}`),
      name,
      vendor: 'Greenhouse',
    });
    // The profile shows the note with the link and the stage move.
    await profile.getByText(`Watch the answers: ${appUrl(paths.candidate.to(owner.companyId, positionId, invited!.candidate_id))}`).waitFor();
    expect(await profile.locator('.stage').textContent()).toBe('Video Interview');
    expect(await profile.locator('.stage-move').textContent()).toContain('Application Review → Video Interview');
    expect(errors).toEqual([]);
    await owner.context.close();
  }, 240_000);

  it('Lever: a refused consent stores nothing; an allowed one connects, and a tagged opportunity is invited at once through the webhook and gets the note', async () => {
    const owner = await signedInOwner(browser, 'Lever Shop');
    await allocateCredits(owner.companyId, 5);
    const positionId = await createPosition(owner, 'Account manager');
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.company.to(owner.companyId)));
    await page.getByTestId('company-name').waitFor();

    // Either outcome lands on the company (its home opens its positions).
    const companyHome = new RegExp(`/#/companies/${owner.companyId}(/positions)?$`);
    const startConsent = async () => {
      const dialog = await openIntegrateTab(page);
      await dialog.getByLabel('Integration type').selectOption('lever');
      await dialog.getByText('You will be asked to allow access in Lever, then brought back here.').waitFor();
      await expectAccessible(page, 'company settings: integrate, lever');
      await dialog.getByRole('button', { name: 'Connect with Lever' }).click();
      await page.waitForURL((url) => url.pathname === '/_local/ats/lever/auth/authorize');
      await page.getByRole('heading', { name: 'Allow this application to access your Lever account?' }).waitFor();
    };

    // Deny: back in the app, the consent is ended and nothing is stored.
    await startConsent();
    await expectAccessible(page, 'lever stand-in: consent page');
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.getByRole('alert').getByText('Unable to complete the integration. Please contact us.').waitFor();
    expect(page.url()).toMatch(companyHome);
    await expectAccessible(page, 'company: lever consent refused');
    expect((await call('listIntegrations', { params: { companyId: owner.companyId }, session: owner.sessionId })).body.integrations).toEqual([]);
    let dialog = await openIntegrateTab(page);
    await dialog.getByText('No integrations yet.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    // Allow: connected, and the Integrate tab lists Lever.
    await startConsent();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByRole('alert').getByText('Lever is connected.').waitFor();
    expect(page.url()).toMatch(companyHome);
    await expectAccessible(page, 'company: lever connected');
    dialog = await openIntegrateTab(page);
    const item = dialog.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Lever' }) });
    await item.getByText('Updates at once').waitFor();
    await item.getByText(/^Access token: •+hidden$/).waitFor();
    expect(await dialog.getByRole('option', { name: 'Lever (already added)' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'company settings: integrate, lever listed');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    const [lever] = (await call('listIntegrations', { params: { companyId: owner.companyId }, session: owner.sessionId })).body.integrations;
    expect(lever).toMatchObject({ integration_type: 'lever', webhooks: true });

    const tag = `video-lever-${Date.now()}`;
    expect(await tagPosition(page, owner, positionId, 'Lever tag', tag, 'position: settings, lever tag')).toEqual([
      { integration_type: 'lever', tag },
    ]);

    // The opportunity gets the tag in Lever: its webhook invites at once, no sync runs.
    const email = uniqueEmail('lever-candidate');
    const name = 'Grace Hopper';
    const inLever = await addInStandIn(page, 'lever', { name, email, tag });
    const deliveries = ((await (await fetch(standIn('lever', '/state'))).json()) as { deliveries: { url: string; status: number | null }[] })
      .deliveries;
    expect(deliveries.find((d) => d.url.endsWith(`/integration-webhooks/${lever.integration_id}`))?.status).toBe(200);
    const [invited] = await onlyCandidate(owner, positionId, 'invited');
    expect(invited?.candidate_name).toBe(name);
    const link = await interviewLinkMailedTo(email);

    await recordInterview(link, name);
    await deliverResponse(owner, invited!.candidate_id);
    const written = (await standInCandidate('lever', email))!;
    expect(written.notes).toHaveLength(1);
    expect(written.notes[0]!.body).toContain(`${name} completed the video interview for Account manager.`);
    expect(written.stageMoves).toEqual([]);

    const profile = await followNoteToProfile(owner.context, page, written.notes[0]!.body, {
      href: appUrl(paths.candidate.to(owner.companyId, positionId, invited!.candidate_id)),
      profileHref: standIn('lever', `/app/candidates/${inLever.id}`),
      name,
      vendor: 'Lever',
    });
    await profile.getByText(`Watch the answers: ${appUrl(paths.candidate.to(owner.companyId, positionId, invited!.candidate_id))}`).waitFor();
    expect(errors).toEqual([]);
    await owner.context.close();
  }, 240_000);
});
