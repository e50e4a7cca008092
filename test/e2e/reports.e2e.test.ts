import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../lambdas/contracts/app-paths';
import { call } from '../support/api';
import { allocateCredits } from '../support/aws';
import { answerQuestion, interviewFixture, startAnswer, tokenFromHref } from '../support/interviews';
import { makeClip } from '../support/media';
import { eventually } from '../support/webhooks';
import { expectAccessible } from './support/accessibility';
import { appUrl, trackErrors, useBrowser } from './support/browser';
import { signedInMember, signedInOwner } from './support/session';
import { savePosition } from '../support/positions';

/**
 * Issue 40's e2e: a hiring manager reads Reports. The company is seeded through the API: a position
 * of two questions where Ada answers both (and is reviewed and shortlisted), Ben answers the first
 * and gives up on the second after starting it, and Cara is invited only; another position where
 * Dan answers its one question. Once the aggregates have them (the API's own report says so), the
 * manager opens Reports from the bar, reads the company's figures over the last 30 and 7 days and
 * over custom days with nobody, picks the first position, reads the drop-off chart's table, and
 * downloads its CSV; the owner sets the company's time zone in Company settings, and a position's page
 * opens Reports with that position picked, its days in that zone; a member whose team is not given one
 * of the positions sees neither it in the picker nor its candidates in the company's figures. Axe on each state,
 * on a phone's width too.
 */
const browser = useBrowser();

let owner: Awaited<ReturnType<typeof signedInOwner>>;
let soundPosition: string;
let mixingPosition: string;

const createPosition = async (jobTitle: string, questions: string[]) => {
  const created = await call('createPosition', {
    params: { companyId: owner.companyId },
    session: owner.sessionId,
    body: { job_title: jobTitle, interview: interviewFixture({ questions }) },
  });
  expect(created.status).toBe(201);
  return created.body.position_id as string;
};

const invite = async (positionId: string, candidateName: string) => {
  const invited = await call('inviteCandidate', {
    params: { positionId },
    session: owner.sessionId,
    body: { candidate_name: candidateName, email: null },
  });
  expect(invited.status).toBe(201);
  return { candidateId: invited.body.candidate_id as string, token: tokenFromHref(invited.body.interview_href) };
};

/** The candidate opens their link, as the interview page does first. */
const open = async (token: string) => expect((await call('getInterview', { params: { token } })).status).toBe(200);

/** Today in UTC (the company's time zone here) and a period of `days` up to it, as the screen asks. */
const lastDays = (days: number) => {
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
};

beforeAll(async () => {
  owner = await signedInOwner(browser, 'Harbour Sound');
  await allocateCredits(owner.companyId, 10);
  [soundPosition, mixingPosition] = await Promise.all([
    createPosition('Sound engineer', ['What do you listen for first?', 'Walk us through a mix']),
    createPosition('Mixing engineer', ['Which desk do you prefer?']),
  ]);
  const clip = (await makeClip(2)).bytes;
  const [ada, ben, , dan] = await Promise.all([
    invite(soundPosition, 'Ada Complete'),
    invite(soundPosition, 'Ben Halfway'),
    invite(soundPosition, 'Cara Invited'),
    invite(mixingPosition, 'Dan Complete'),
  ]);
  await Promise.all([open(ada.token), open(ben.token), open(dan.token)]);
  await answerQuestion(ada.token, 0, clip);
  await answerQuestion(ada.token, 1, clip);
  await answerQuestion(ben.token, 0, clip);
  // Ben reaches the second question (a take started) and leaves without answering it.
  expect((await startAnswer(ben.token, 1)).status).toBe(201);
  await answerQuestion(dan.token, 0, clip);
  // Ada is reviewed (opened by the team) and shortlisted.
  expect((await call('getCandidate', { params: { candidateId: ada.candidateId }, session: owner.sessionId })).status).toBe(200);
  expect((await call('setCandidateStatus', { params: { candidateId: ada.candidateId, status: 'shortlist' }, session: owner.sessionId })).status).toBe(
    200,
  );

  // The aggregates follow the candidates' items asynchronously (the table's stream): wait until the API's report has them all.
  const period = lastDays(30);
  const company = await eventually(
    () => call('getCompanyReport', { params: { companyId: owner.companyId }, query: period, session: owner.sessionId }),
    (r) =>
      r.status === 200 && r.body.current.funnel.invited === 4 && r.body.current.funnel.completed === 2 && r.body.current.funnel.shortlisted === 1,
    60_000,
  );
  expect(company.status).toBe(200);
  expect(company.body.current.funnel).toMatchObject({ invited: 4, opened: 3, started: 3, completed: 2, reviewed: 1, shortlisted: 1, rejected: 0 });
  const position = await eventually(
    () => call('getPositionReport', { params: { positionId: soundPosition }, query: period, session: owner.sessionId }),
    (r) => r.status === 200 && r.body.questions.length === 2 && r.body.questions[1].reached === 2,
    60_000,
  );
  expect(position.body.questions.map((q: { reached: number; answered: number }) => [q.reached, q.answered])).toEqual([
    [2, 2],
    [2, 1],
  ]);
}, 360_000);

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** A section's table, opened from its "Show as table" disclosure: the cells of each row. */
const tableOf = async (section: Locator): Promise<string[][]> => {
  const details = section.locator('details');
  if ((await details.count()) > 0 && !(await details.evaluate((d: HTMLDetailsElement) => d.open))) await section.getByText('Show as table').click();
  const table = section.getByRole('table');
  await table.waitFor();
  return table
    .getByRole('row')
    .evaluateAll((rows) => rows.map((row) => Array.from((row as HTMLTableRowElement).cells).map((cell) => cell.textContent?.trim() ?? '')));
};

const figure = (page: Page, label: string) =>
  page.locator('.report-figure').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) });

describe('Reports (issue 40)', () => {
  it('shows the company, switches periods and a position, reads the drop-off table and downloads its CSV', async () => {
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.positions.to(owner.companyId)));
    await page.getByRole('heading', { name: 'Positions', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Company' }).getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await page.getByText('Days are in UTC.').waitFor();

    // The company over the last 30 days (the default): every candidate, today.
    expect(await page.getByLabel('Period', { exact: true }).inputValue()).toBe('30');
    expect(await page.getByLabel('Position', { exact: true }).inputValue()).toBe('');
    const funnel = region(page, 'Funnel');
    await funnel
      .getByRole('img', { name: /^Funnel: invited 4, opened 3, started 3, completed 2, reviewed 1, shortlisted 1, rejected 0\.$/ })
      .waitFor();
    await figure(page, 'Invited').getByText('4', { exact: true }).waitFor();
    await figure(page, 'Invited').getByText('none in the previous 30 days').waitFor();
    await figure(page, 'Completion rate').getByText('50%', { exact: true }).waitFor();
    expect(await tableOf(funnel)).toEqual([
      ['Step', 'Candidates', 'Of the step before', 'Previous period'],
      ['Invited', '4', '', '0'],
      ['Opened', '3', '75%', '0'],
      ['Started', '3', '100%', '0'],
      ['Completed', '2', '67%', '0'],
      ['Reviewed', '1', '50%', '0'],
      ['Shortlisted', '1', '100%', '0'],
      ['Rejected', '0', '0%', '0'],
    ]);
    await page.getByText('Pick a position to see drop-off and retakes per question.').waitFor();
    await expectAccessible(page, 'Reports, the company over the last 30 days');

    // The last 7 days: the same candidates, compared with the 7 days before.
    await page.getByLabel('Period', { exact: true }).selectOption('7');
    await figure(page, 'Invited').getByText('none in the previous 7 days').waitFor();
    expect(page.url()).toContain('period=7');
    await page.getByText(/^Days are in UTC\. Showing .+ – .+, compared with .+ – .+\.$/).waitFor();

    // Custom days long before anyone was invited: nothing to count.
    await page.getByLabel('Period', { exact: true }).selectOption('custom');
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-31');
    await page.getByText('No candidates were invited on these days.').waitFor();
    await figure(page, 'Invited').getByText('no candidates').waitFor();
    await figure(page, 'Median time to complete').getByText('no candidates', { exact: true }).first().waitFor();
    await expectAccessible(page, 'Reports, custom days without candidates');

    // Back to 30 days, and the first position: drop-off per question.
    await page.getByLabel('Period', { exact: true }).selectOption('30');
    await page.getByLabel('Position', { exact: true }).selectOption({ label: 'Sound engineer' });
    await page.getByRole('heading', { name: 'Reports: Sound engineer', level: 1 }).waitFor();
    const dropOff = region(page, 'Drop-off per question');
    await dropOff
      .getByRole('img', { name: /^Drop-off per question: question 1 reached by 2, answered by 2; question 2 reached by 2, answered by 1\.$/ })
      .waitFor();
    await figure(page, 'Invited').getByText('3', { exact: true }).waitFor();
    expect(await tableOf(dropOff)).toEqual([
      ['Question', 'Reached', 'Answered', 'Gave up'],
      ['Q1 What do you listen for first?', '2', '2', '0'],
      ['Q2 Walk us through a mix', '2', '1', '1'],
    ]);
    expect(await tableOf(region(page, 'Retakes per question'))).toEqual([
      ['Question', 'Retakes', 'Answered'],
      ['Q1 What do you listen for first?', '0', '2'],
      ['Q2 Walk us through a mix', '0', '1'],
    ]);
    await expectAccessible(page, 'Reports, a position with its drop-off table open');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dropOff.getByRole('button', { name: 'Download CSV: Drop-off per question' }).click(),
    ]);
    const month = lastDays(30);
    expect(download.suggestedFilename()).toBe(`Report_Sound engineer_Drop-off per question_${month.from}_${month.to}.csv`);
    expect(await readFile((await download.path())!, 'utf8')).toBe(
      '\uFEFFQuestion,Reached,Answered,Gave up\r\nQ1 What do you listen for first?,2,2,0\r\nQ2 Walk us through a mix,2,1,1',
    );

    // On a phone: one column, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'Reports on a phone');
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);

  it("takes the time zone the owner sets in Company settings, and opens from a position's page with that position picked", async () => {
    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.position.to(owner.companyId, mixingPosition)));
    await page.getByRole('heading', { name: 'Mixing engineer', level: 1 }).waitFor();
    // The owner's time zone (London is on UTC in December's winter time, so today's candidates stay on today).
    await page.getByRole('button', { name: 'Company settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Company settings' });
    await settings.getByRole('tab', { name: 'Reports' }).click();
    const zone = settings.getByLabel('Time zone', { exact: true });
    expect(await zone.inputValue()).toBe('UTC');
    await zone.selectOption('Europe/London');
    await settings.getByRole('button', { name: 'Save', exact: true }).click();
    await settings.getByText('Time zone saved.').waitFor();
    await expectAccessible(page, 'Company settings, Reports: the time zone saved');
    expect((await call('getCompany', { params: { companyId: owner.companyId }, session: owner.sessionId })).body.time_zone).toBe('Europe/London');
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'hidden' });

    await page.getByRole('main').getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('heading', { name: 'Reports: Mixing engineer', level: 1 }).waitFor();
    expect(await page.getByLabel('Position', { exact: true }).inputValue()).toBe(mixingPosition);
    await page.getByText('Days are in Europe/London.').waitFor();
    await figure(page, 'Completion rate').getByText('100%', { exact: true }).waitFor();
    expect(await tableOf(region(page, 'Drop-off per question'))).toEqual([
      ['Question', 'Reached', 'Answered', 'Gave up'],
      ['Q1 Which desk do you prefer?', '1', '1', '0'],
    ]);
    await expectAccessible(page, 'Reports opened from a position');
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('shows a member only the positions shared with them, in the picker and in the company figures', async () => {
    // Sound engineer is kept to the owner; Mixing engineer stays open to the whole team.
    const me = await call('getMe', { session: owner.sessionId });
    expect((await savePosition(owner.sessionId, soundPosition, { sharing: { user_ids: [me.body.user.user_id] } })).status).toBe(200);
    const member = await signedInMember(browser, owner);
    const page = await member.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.reports.to(owner.companyId)));
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await figure(page, 'Invited').getByText('1', { exact: true }).waitFor();
    const picker = page.getByLabel('Position', { exact: true });
    await expect.poll(() => picker.locator('option').allInnerTexts()).toEqual(['All positions', 'Mixing engineer']);
    expect(await tableOf(region(page, 'Funnel'))).toContainEqual(['Completed', '1', '100%', '0']);
    await expectAccessible(page, 'Reports for a member');
    expect(errors).toEqual([]);
    await member.context.close();
  }, 120_000);
});
