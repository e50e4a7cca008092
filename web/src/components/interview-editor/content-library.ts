import { VIDEO_ANSWER } from '../../../../lambdas/contracts/answer-types';
import type { getContentLibrary } from '../../../../lambdas/operations/positions';
import type * as z from 'zod/mini';
import { ephemeralId, type EditableInterview } from './interview-model';

/** The content library (spec §3, §5): intros, questions and outros of the company's other positions. */
export type ContentLibrary = z.infer<typeof getContentLibrary.response>;
export type PositionContent = ContentLibrary['positionsContent'][number];
export type ContentItem = PositionContent['contentItems'][number];

/** The library leaves out the position being edited, and positions with nothing to reuse. */
export const libraryExcluding = (library: ContentLibrary, positionId: string | undefined): PositionContent[] =>
  library.positionsContent.filter((p) => p.positionId !== positionId && p.contentItems.length > 0);

/** Intro and outro items of a type already selected cannot be selected again; questions always can. */
export const isSelectable = (item: ContentItem, selected: readonly ContentItem[]) =>
  item.contentType === 'question' ||
  selected.some((s) => s.ephemeralId === item.ephemeralId) ||
  !selected.some((s) => s.contentType === item.contentType);

/** Selects or deselects an item (a blocked intro or outro stays out). */
export const toggleItem = (selected: readonly ContentItem[], item: ContentItem): ContentItem[] => {
  if (selected.some((s) => s.ephemeralId === item.ephemeralId)) return selected.filter((s) => s.ephemeralId !== item.ephemeralId);
  return isSelectable(item, selected) ? [...selected, item] : [...selected];
};

/**
 * Copies of the selected items go into the interview with new ephemeral ids: questions after the
 * existing ones (in library order), and an intro or outro in place of the current one (each exists
 * at most once).
 */
export const addContent = (interview: EditableInterview, items: readonly ContentItem[]): EditableInterview => {
  const media = (item: ContentItem) => ({ thumbnailImageGroupId: item.thumbnailImageGroupId, videoGroupId: item.videoGroupId });
  const intro = items.find((i) => i.contentType === 'intro');
  const outro = items.find((i) => i.contentType === 'outro');
  return {
    ...interview,
    intro: intro ? { ephemeralId: ephemeralId(), ...media(intro) } : interview.intro,
    questions: [
      ...interview.questions,
      ...items
        .filter((i) => i.contentType === 'question')
        .map((i) => ({ ephemeralId: ephemeralId(), title: i.title, content: i.content, ...media(i), answer: { ...VIDEO_ANSWER } })),
    ],
    outro: outro ? { ephemeralId: ephemeralId(), title: outro.title, content: outro.content, ...media(outro) } : interview.outro,
  };
};

/** How an item reads in the list. */
export const itemLabel = (item: ContentItem) => {
  if (item.contentType === 'intro') return 'Intro video';
  if (item.contentType === 'outro') return `Outro${item.title ? `: ${item.title}` : item.videoGroupId ? ' video' : ''}`;
  return item.title || 'Video question';
};
