import { Alert, Button, Flex } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';

/**
 * One company setting an owner picks and saves (retention, the reports' time zone): the value
 * shown (the draft, else what is saved), whether it changed, and Save with its outcome. `store`
 * saves a value and brings the company's cache in line; `failed` is the message when it cannot.
 */
export const useCompanySetting = <T,>(saved: T, store: (value: T) => Promise<void>, failed: string) => {
  const [draft, setDraft] = useState<{ value: T } | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [savedNote, setSavedNote] = useState(false);
  const value = draft ? draft.value : saved;
  const dirty = value !== saved;
  const choose = (next: T) => {
    setSavedNote(false);
    setDraft({ value: next });
  };
  const save = async () => {
    setSaving(true);
    setSaveError(null);
    try {
      await store(value);
      setDraft(null);
      setSavedNote(true);
    } catch (e) {
      setSaveError(errorMessage(e, failed));
    } finally {
      setSaving(false);
    }
  };
  return { value, dirty, choose, save, saving, saveError, savedNote };
};

/** The setting's outcome and its Save button. */
export const SettingSave = ({
  setting,
  savedMessage,
}: {
  setting: Pick<ReturnType<typeof useCompanySetting>, 'dirty' | 'save' | 'saving' | 'saveError' | 'savedNote'>;
  savedMessage: string;
}) => (
  <>
    {setting.saveError && <Alert variation="error">{setting.saveError}</Alert>}
    {setting.savedNote && !setting.dirty && <Alert variation="success">{savedMessage}</Alert>}
    <Flex justifyContent="flex-end">
      <Button variation="primary" onClick={() => void setting.save()} isDisabled={!setting.dirty} isLoading={setting.saving} loadingText="Saving...">
        Save
      </Button>
    </Flex>
  </>
);
