import { describe, expect, it } from 'vitest';
import { sameObject } from './stable-href';

const signed = (path: string, date: string) =>
  `https://media.example.com/${path}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=${date}&X-Amz-Expires=3600&X-Amz-Signature=${date.slice(-3)}abc`;

describe('sameObject (keeping a presigned media URL across fetches)', () => {
  it('keeps a URL for the same object signed again soon after', () => {
    expect(sameObject(signed('answers/a.mp4', '20261126T043400Z'), signed('answers/a.mp4', '20261126T043405Z'))).toBe(true);
    expect(sameObject(signed('answers/a.mp4', '20261126T043400Z'), signed('answers/a.mp4', '20261126T050359Z'))).toBe(true);
  });

  it('gives way to a URL signed half an hour or more later, or to another object', () => {
    expect(sameObject(signed('answers/a.mp4', '20261126T043400Z'), signed('answers/a.mp4', '20261126T050400Z'))).toBe(false);
    expect(sameObject(signed('answers/a.mp4', '20261126T043400Z'), signed('answers/b.mp4', '20261126T043401Z'))).toBe(false);
  });

  it('compares unsigned URLs by their object', () => {
    expect(sameObject('https://cdn.example.com/a.png?v=1', 'https://cdn.example.com/a.png?v=2')).toBe(true);
    expect(sameObject('https://cdn.example.com/a.png', 'https://cdn.example.com/b.png')).toBe(false);
  });
});
