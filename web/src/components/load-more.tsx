import { Button, Flex } from '@aws-amplify/ui-react';

/** The "Load more" link under a paged list (`usePagedApi`): it asks for one page more. */
export const LoadMore = ({ pages }: { pages: { isValidating: boolean; size: number; setSize: (size: number) => unknown } }) => (
  <Flex justifyContent="center">
    <Button variation="link" isLoading={pages.isValidating} onClick={() => void pages.setSize(pages.size + 1)}>
      Load more
    </Button>
  </Flex>
);
