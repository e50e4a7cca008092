import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/universal';
import { paths } from '../../lambdas/contracts/app-paths';
import { uniqueEmail } from '../support/accounts';
import { call } from '../support/api';
import { allocateCredits } from '../support/aws';
import { interviewFixture } from '../support/interviews';
import { expectAccessible } from './support/accessibility';
import { appUrl, trackErrors, useBrowser } from './support/browser';
import { signedInOwner } from './support/session';

const browser = useBrowser();

/** An ATS export as an Excel workbook: a header row, then one row per candidate. */
const workbook = async (rows: string[][]) =>
  Buffer.from(await (await writeXlsxFile(rows.map((row) => row.map((value) => (value ? { value } : null)))).toBlob()).arrayBuffer());

/** Whether the dialog's scrolling body shows all of an element (issue 43: the preview once a file is read). */
const inDialogView = (target: Locator) =>
  target.evaluate((element) => {
    const body = element.closest('.app-dialog__body')!.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return box.height > 0 && box.top >= body.top && box.bottom <= body.bottom;
  });

/** The text of the option a mapping select shows. */
const chosen = (select: Locator) => select.evaluate((element) => (element as HTMLSelectElement).selectedOptions[0]?.text ?? '');

describe('bulk import from real exports (issue 28)', () => {
  it('imports an XLSX and a ;-delimited CSV with first and last names, flags duplicates, and invites the rest', async () => {
    const owner = await signedInOwner(browser, 'Import Works');
    await allocateCredits(owner.companyId, 20);
    const { position_id: positionId } = (
      await call('createPosition', {
        params: { companyId: owner.companyId },
        session: owner.sessionId,
        body: { job_title: 'Data steward', interview: interviewFixture({ questions: ['Why data?'] }) },
      })
    ).body;
    // Already a candidate of the position before the import.
    const grace = uniqueEmail('grace');
    expect(
      (await call('inviteCandidate', { params: { positionId }, session: owner.sessionId, body: { candidate_name: 'Grace Hopper', email: grace } }))
        .status,
    ).toBe(201);
    const [ada, alan, katherine, dorothy, mary] = ['ada', 'alan', 'katherine', 'dorothy', 'mary'].map((name) => uniqueEmail(name));

    const page = await owner.context.newPage();
    const errors = trackErrors(page);
    await page.goto(appUrl(paths.position.to(owner.companyId, positionId)));
    const openBulk = async () => {
      await page.getByRole('button', { name: 'More ways to invite' }).click();
      await page.getByRole('menuitem', { name: 'Invite candidates in bulk' }).click();
      return page.getByRole('dialog', { name: 'Invite candidates in bulk' });
    };

    // An Excel export: first and last names, one address twice, one the position already has.
    let bulk = await openBulk();
    await bulk.getByLabel('CSV file or Excel workbook').setInputFiles({
      name: 'ats-export.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await workbook([
        ['First Name', 'Last Name', 'Email Address', 'Stage'],
        ['Ada', 'Lovelace', ada.toUpperCase(), 'Applied'],
        ['Grace', 'Hopper', grace, 'Applied'],
        ['Alan', 'Turing', alan, 'Screen'],
        ['Ada', 'L.', ada, 'Applied'],
        ['Katherine', 'Johnson', katherine, 'Applied'],
      ]),
    });
    const columns = bulk.getByRole('group', { name: 'Columns' });
    await columns.waitFor();
    expect(await Promise.all(['Full name', 'First name', 'Last name', 'E-mail'].map((label) => chosen(columns.getByLabel(label))))).toEqual([
      'Not in the file',
      'First Name',
      'Last Name',
      'Email Address',
    ]);
    const summary = bulk.getByText('3 candidates ready to invite. Left out: 1 already a candidate of this position, 1 duplicate in the file.');
    await summary.waitFor();
    // Send is enabled at once: the preview of what it sends is brought into view, its summary and first rows.
    expect(await bulk.getByRole('button', { name: 'Send', exact: true }).isEnabled()).toBe(true);
    await expect.poll(() => inDialogView(summary)).toBe(true);
    await expect.poll(() => inDialogView(bulk.getByRole('row').nth(1))).toBe(true);
    expect(await bulk.getByRole('row').allInnerTexts()).toEqual([
      'Name\tEmail\tProblem',
      `Ada Lovelace\t${ada}\t`,
      `Grace Hopper\t${grace}\tAlready invited Row 3: Already a candidate of this position: not invited again.`,
      `Alan Turing\t${alan}\t`,
      `Ada L.\t${ada}\tDuplicate in file Row 5: This e-mail address is already in the list.`,
      `Katherine Johnson\t${katherine}\t`,
    ]);
    await expectAccessible(page, 'bulk import: an Excel export mapped and previewed');

    // The mapping is the team's to change, from the keyboard: without the last name, the first names alone.
    await columns.getByLabel('Last name').focus();
    await page.keyboard.press('Home');
    await bulk.getByRole('cell', { name: 'Alan', exact: true }).waitFor();
    await columns.getByLabel('Last name').selectOption({ label: 'Last Name' });
    await bulk.getByRole('cell', { name: 'Alan Turing', exact: true }).waitFor();

    await bulk.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('3 candidates invited.').waitFor();
    await page.getByRole('tab', { name: 'Invited (4)' }).waitFor();

    // A semicolon CSV as Excel saves it in much of Europe: last name first, a comma inside a name, one row a candidate already.
    bulk = await openBulk();
    await bulk.getByLabel('CSV file or Excel workbook').setInputFiles({
      name: 'spreadsheet.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `\uFEFFLast name;First name;E-mail\r\nVaughan;Dorothy;${dorothy}\r\nJackson, Jr.;Mary;${mary}\r\nJohnson;Katherine;${katherine}\r\n`,
        'utf8',
      ),
    });
    await bulk.getByText('2 candidates ready to invite. Left out: 1 already a candidate of this position.').waitFor();
    expect(await chosen(bulk.getByRole('group', { name: 'Columns' }).getByLabel('Last name'))).toBe('Last name');
    expect(await bulk.getByRole('row').allInnerTexts()).toEqual([
      'Name\tEmail\tProblem',
      `Dorothy Vaughan\t${dorothy}\t`,
      `Mary Jackson, Jr.\t${mary}\t`,
      `Katherine Johnson\t${katherine}\tAlready invited Row 4: Already a candidate of this position: not invited again.`,
    ]);
    await expectAccessible(page, 'bulk import: a semicolon CSV previewed');
    await bulk.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('2 candidates invited.').waitFor();
    await page.getByRole('tab', { name: 'Invited (6)' }).waitFor();

    // Each person once, under the names the files gave.
    const listed = await call('listCandidates', { params: { positionId }, query: { tab: 'invited' }, session: owner.sessionId });
    expect(listed.body.candidates.map((c: { candidate_name: string; email: string | null }) => [c.candidate_name, c.email]).sort()).toEqual(
      [
        ['Ada Lovelace', ada],
        ['Alan Turing', alan],
        ['Dorothy Vaughan', dorothy],
        ['Grace Hopper', grace],
        ['Katherine Johnson', katherine],
        ['Mary Jackson, Jr.', mary],
      ].sort(),
    );
    expect(errors).toEqual([]);
    await owner.context.close();
    // Two imports, each calling functions for the first time (cold starts on a busy machine).
  }, 240_000);
});
