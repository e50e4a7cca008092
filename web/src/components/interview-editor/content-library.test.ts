import { describe, expect, it } from 'vitest';
import { addContent, isSelectable, itemLabel, libraryExcluding, toggleItem, type ContentItem } from './content-library';
import { emptyInterview, newQuestion } from './interview-model';

const item = (contentType: ContentItem['contentType'], ephemeralId: string, title = ''): ContentItem => ({
  contentType,
  ephemeralId,
  title,
  content: '',
  thumbnailImageGroupId: `${ephemeralId}-thumb`,
  videoGroupId: contentType === 'question' && title ? null : `${ephemeralId}-video`,
});

describe('content library', () => {
  it('leaves out the current position and positions with nothing to reuse', () => {
    const library = {
      positionsContent: [
        { positionId: 'p1', jobTitle: 'Current', contentItems: [item('question', 'p1-q0', 'A')] },
        { positionId: 'p2', jobTitle: 'Other', contentItems: [item('question', 'p2-q0', 'B')] },
        { positionId: 'p3', jobTitle: 'Empty', contentItems: [] },
      ],
    };
    expect(libraryExcluding(library, 'p1').map((p) => p.positionId)).toEqual(['p2']);
    expect(libraryExcluding(library, undefined).map((p) => p.positionId)).toEqual(['p1', 'p2']);
  });

  it('lets only one intro and one outro be selected, and any number of questions', () => {
    const intro1 = item('intro', 'p1-intro');
    const intro2 = item('intro', 'p2-intro');
    const outro1 = item('outro', 'p1-outro', 'Bye');
    const q1 = item('question', 'p1-q0', 'A');
    const q2 = item('question', 'p2-q0', 'B');
    let selected = toggleItem([], intro1);
    expect(isSelectable(intro2, selected)).toBe(false);
    expect(isSelectable(intro1, selected)).toBe(true); // it can be deselected
    expect(toggleItem(selected, intro2)).toEqual([intro1]);
    selected = toggleItem(toggleItem(toggleItem(selected, outro1), q1), q2);
    expect(selected).toEqual([intro1, outro1, q1, q2]);
    expect(isSelectable(item('outro', 'p2-outro'), selected)).toBe(false);
    selected = toggleItem(selected, intro1);
    expect(isSelectable(intro2, selected)).toBe(true);
    expect(selected).toEqual([outro1, q1, q2]);
  });

  it('adds copies with new ephemeral ids: questions at the end, intro and outro in place of the current ones', () => {
    const existing = { ...newQuestion(), title: 'Existing' };
    const interview = { ...emptyInterview(), questions: [existing] };
    const picked = [item('question', 'p2-q0', 'Reused'), item('intro', 'p2-intro'), item('question', 'p2-q1'), item('outro', 'p2-outro', 'Bye')];
    const next = addContent(interview, picked);
    expect(next.questions.map((q) => q.title)).toEqual(['Existing', 'Reused', '']);
    expect(next.questions[2]).toMatchObject({ videoGroupId: 'p2-q1-video', thumbnailImageGroupId: 'p2-q1-thumb' });
    expect(new Set(next.questions.map((q) => q.ephemeralId)).size).toBe(3);
    expect(next.questions.map((q) => q.ephemeralId)).not.toContain('p2-q0');
    expect(next.intro).toMatchObject({ videoGroupId: 'p2-intro-video' });
    expect(next.outro).toMatchObject({ title: 'Bye', videoGroupId: 'p2-outro-video' });
    expect(addContent(next, [item('question', 'p3-q0', 'Only a question')]).intro).toBe(next.intro);
  });

  it('labels items', () => {
    expect(itemLabel(item('intro', 'a'))).toBe('Intro video');
    expect(itemLabel(item('question', 'b', 'Why?'))).toBe('Why?');
    expect(itemLabel(item('question', 'c'))).toBe('Video question');
    expect(itemLabel(item('outro', 'd', 'Bye'))).toBe('Outro: Bye');
    expect(itemLabel(item('outro', 'e'))).toBe('Outro video');
  });
});
