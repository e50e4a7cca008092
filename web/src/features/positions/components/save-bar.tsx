import { Flex } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';

/** The fixed bar at the bottom of the Questions and Settings views. */
export const SaveBar = ({ children }: { children: ReactNode }) => (
  <Flex
    justifyContent="flex-end"
    gap="small"
    padding="small large"
    style={{
      position: 'sticky',
      bottom: 0,
      background: 'var(--amplify-colors-white)',
      borderTop: '1px solid var(--amplify-colors-border-secondary)',
      zIndex: 2,
    }}
  >
    {children}
  </Flex>
);
