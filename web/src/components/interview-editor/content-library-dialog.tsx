import { Alert, Button, CheckboxField, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { apiPath, errorMessage } from '../../api/client';
import { useApi } from '../../api/use-api';
import { Dialog } from '../dialog';
import { isSelectable, itemLabel, libraryExcluding, toggleItem, type ContentItem } from './content-library';

const RETRIEVE_FAILED = 'Unable to retrieve content at this time. Please contact us.';

/** Spec §2, §5: pick intros, questions and outros of other positions; "Add content" needs a selection. */
export const ContentLibraryDialog = ({
  open,
  companyId,
  positionId,
  onClose,
  onAdd,
}: {
  open: boolean;
  companyId: string;
  /** The position being edited, left out of the library. */
  positionId?: string;
  onClose: () => void;
  onAdd: (items: ContentItem[]) => void;
}) => (
  <Dialog title="Content library" open={open} onClose={onClose}>
    <LibraryBody companyId={companyId} positionId={positionId} onCancel={onClose} onAdd={onAdd} />
  </Dialog>
);

const LibraryBody = ({
  companyId,
  positionId,
  onCancel,
  onAdd,
}: {
  companyId: string;
  positionId?: string;
  onCancel: () => void;
  onAdd: (items: ContentItem[]) => void;
}) => {
  const library = useApi(apiPath('getContentLibrary', { companyId }), { revalidateOnFocus: false });
  const [selected, setSelected] = useState<ContentItem[]>([]);
  const positions = library.data ? libraryExcluding(library.data, positionId) : [];

  return (
    <Flex direction="column" gap="medium">
      {library.error ? (
        <Alert variation="error">{errorMessage(library.error, RETRIEVE_FAILED)}</Alert>
      ) : !library.data ? (
        <Flex justifyContent="center" role="status" aria-label="Loading content">
          <Loader size="large" />
        </Flex>
      ) : positions.length === 0 ? (
        <Text>There is no content to reuse yet: the intros, questions and outros of your other positions show here.</Text>
      ) : (
        <Flex direction="column" gap="medium" style={{ maxHeight: '55vh', overflowY: 'auto' }}>
          {positions.map((position) => (
            <Flex key={position.positionId} as="fieldset" direction="column" gap="xs" style={{ border: 'none', margin: 0, padding: 0 }}>
              <Heading level={6} as="legend">
                {position.jobTitle}
              </Heading>
              {position.contentItems.map((item) => (
                <CheckboxField
                  key={item.ephemeralId}
                  name="content-item"
                  value={item.ephemeralId}
                  label={itemLabel(item)}
                  checked={selected.some((s) => s.ephemeralId === item.ephemeralId)}
                  disabled={!isSelectable(item, selected)}
                  onChange={() => setSelected(toggleItem(selected, item))}
                />
              ))}
            </Flex>
          ))}
        </Flex>
      )}
      <Flex gap="small" justifyContent="flex-end">
        <Button variation="link" onClick={onCancel}>
          Cancel
        </Button>
        <Button variation="primary" isDisabled={selected.length === 0} onClick={() => onAdd(selected)}>
          Add content
        </Button>
      </Flex>
    </Flex>
  );
};
