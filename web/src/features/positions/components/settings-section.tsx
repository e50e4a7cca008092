import { Heading, View } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';

/** One section of the position's Settings view: a named region with its heading. */
export const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <View as="section" aria-label={title} padding="medium 0" style={{ borderBottom: '1px solid var(--amplify-colors-border-tertiary)' }}>
    <Heading level={5} marginBottom="small">
      {title}
    </Heading>
    {children}
  </View>
);
