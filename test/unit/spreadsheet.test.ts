import { describe, expect, it } from 'vitest';
import { FORMULA_START, neutraliseFormula } from '../../lambdas/contracts/spreadsheet';

describe('spreadsheet cells', () => {
  it('neutralise what a spreadsheet would run as a formula, once', () => {
    for (const cell of ['=HYPERLINK("http://evil")', '+1 555', '-2', '@SUM(1)', '\tTab', '\rReturn']) {
      expect(neutraliseFormula(cell)).toBe(`'${cell}`);
      expect(neutraliseFormula(neutraliseFormula(cell))).toBe(`'${cell}`);
    }
    for (const cell of ['Ada', 'Safe = name', 'ada+tag@example.com', '', "'quoted"]) expect(neutraliseFormula(cell)).toBe(cell);
    expect(FORMULA_START.test('=1')).toBe(true);
  });
});
