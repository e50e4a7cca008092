import { emptyInterview, sameInterview, type EditableInterview } from '../../components/interview-editor/interview-model';
import { storage } from '../../lib/storage';

/** The wizard's draft (spec §3, §4): one per company in local storage. */
export interface PositionDraft {
  jobTitle: string;
  interview: EditableInterview;
}

const key = (companyId: string) => `position_draft_${companyId}`;

export const emptyDraft = (): PositionDraft => ({ jobTitle: '', interview: emptyInterview() });

export const isEmptyDraft = (draft: PositionDraft) => draft.jobTitle.trim() === '' && sameInterview(draft.interview, emptyInterview());

export const drafts = {
  load: (companyId: string): PositionDraft | null => {
    const draft = storage.getJson<PositionDraft>(key(companyId));
    return draft && typeof draft.jobTitle === 'string' && Array.isArray(draft.interview?.questions) ? draft : null;
  },
  /** Saved on every change, unless equal to the empty default. */
  save: (companyId: string, draft: PositionDraft) => (isEmptyDraft(draft) ? storage.remove(key(companyId)) : storage.setJson(key(companyId), draft)),
  discard: (companyId: string) => storage.remove(key(companyId)),
};
