import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { fileAnswerDownloadName, sniffFileAnswer, zipEntryNames } from '../../lambdas/domain/file-answers';
import { FILE_ANSWER_TYPES_TEXT } from '../../lambdas/contracts/media-types';

const zipOf = (entries: Record<string, string>) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const zip = new yazl.ZipFile();
    for (const [name, content] of Object.entries(entries)) zip.addBuffer(Buffer.from(content), name);
    zip.end();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    zip.outputStream.on('error', reject);
  });

const bytes = (...values: number[]) => new Uint8Array([...values, ...new Array(32).fill(0)]);

describe('file answers are what their bytes say', () => {
  it('reads PDF, PNG and JPEG from their signatures', () => {
    expect(sniffFileAnswer(new TextEncoder().encode('%PDF-1.7\n%...'))).toBe('application/pdf');
    expect(sniffFileAnswer(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(sniffFileAnswer(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
  });

  it('takes a ZIP as Word only when it holds a Word document', async () => {
    const docx = await zipOf({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>', '_rels/.rels': '' });
    expect(zipEntryNames(docx)).toEqual(['[Content_Types].xml', 'word/document.xml', '_rels/.rels']);
    expect(sniffFileAnswer(docx)).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const xlsx = await zipOf({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' });
    expect(sniffFileAnswer(xlsx)).toBeNull();
    // A ZIP cut short (its central directory missing) is no document.
    expect(sniffFileAnswer(docx.subarray(0, docx.length - 30))).toBeNull();
  });

  it('refuses what claims to be a type by its name only', () => {
    expect(sniffFileAnswer(new TextEncoder().encode('<html><script>alert(1)</script>'))).toBeNull();
    expect(sniffFileAnswer(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(sniffFileAnswer(new Uint8Array())).toBeNull();
  });

  it('names downloads after what the file is', () => {
    expect(fileAnswerDownloadName('cv.exe', 'application/pdf')).toBe('cv.pdf');
    expect(fileAnswerDownloadName('My CV', 'image/jpeg')).toBe('My CV.jpg');
    expect(FILE_ANSWER_TYPES_TEXT).toBe('PDF, Word (DOCX), PNG or JPEG');
  });
});
