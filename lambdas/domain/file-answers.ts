import { FILE_ANSWER_TYPES } from '../contracts/media-types';

/**
 * What a file answer really is (issue 39), read from its bytes, never from its name or the type the
 * browser claimed: a PDF (`%PDF-`), a PNG or a JPEG (their signatures), or a Word document: a ZIP
 * archive whose central directory names `[Content_Types].xml` and `word/document.xml` (any other
 * ZIP, a spreadsheet included, is refused). Anything else is null.
 */
export type FileAnswerContentType = (typeof FILE_ANSWER_TYPES)[number]['contentType'];

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
/** The end record is 22 bytes and may be followed by a comment of up to 65,535. */
const END_RECORD_REACH = 22 + 0xffff;

/** The names in a ZIP archive's central directory, or null when the bytes are no whole ZIP archive. */
export const zipEntryNames = (bytes: Uint8Array): string[] | null => {
  if (bytes.length < 22 || u32(bytes, 0) !== 0x04034b50) return null;
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - END_RECORD_REACH); at--) {
    if (u32(bytes, at) === END_OF_CENTRAL_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end === -1) return null;
  const entries = u16(bytes, end + 10);
  let at = u32(bytes, end + 16);
  const names: string[] = [];
  for (let i = 0; i < entries; i++) {
    if (at + 46 > bytes.length || u32(bytes, at) !== CENTRAL_DIRECTORY_ENTRY) return null;
    const nameLength = u16(bytes, at + 28);
    const extraLength = u16(bytes, at + 30);
    const commentLength = u16(bytes, at + 32);
    if (at + 46 + nameLength > bytes.length) return null;
    names.push(new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
};

export const sniffFileAnswer = (bytes: Uint8Array): FileAnswerContentType | null => {
  if (bytes.length >= 5 && ascii(bytes, 0, 5) === '%PDF-') return 'application/pdf';
  if (bytes.length >= 8 && bytes[0] === 0x89 && ascii(bytes, 1, 4) === 'PNG' && bytes[4] === 0x0d && bytes[5] === 0x0a) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const names = zipEntryNames(bytes);
  if (names?.includes('[Content_Types].xml') && names.includes('word/document.xml'))
    return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  return null;
};

/** A download's name: the candidate's file name with the extension of what the file really is. */
export const fileAnswerDownloadName = (fileName: string, contentType: string) => {
  const type = FILE_ANSWER_TYPES.find((t) => t.contentType === contentType);
  if (!type) return fileName;
  const base = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'answer';
  return `${base}.${type.extension}`;
};
