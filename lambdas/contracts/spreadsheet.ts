/**
 * Cells a spreadsheet would run as a formula (OWASP CSV injection): text starting with =, +, -, @,
 * a tab or a carriage return. One rule for the server's export rows and the SPA's CSV download
 * (papaparse's `escapeFormulae` takes the pattern); a neutralised cell starts with ', which
 * spreadsheets show as text and which no longer matches, so neutralising twice changes nothing.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

export const neutraliseFormula = (cell: string): string => (FORMULA_START.test(cell) ? `'${cell}` : cell);
