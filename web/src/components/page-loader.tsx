import { Flex, Loader } from '@aws-amplify/ui-react';

/** Shown while a lazily loaded screen or its data arrives. */
export const PageLoader = () => (
  <Flex justifyContent="center" padding="xxl" aria-label="Loading">
    <Loader size="large" />
  </Flex>
);
