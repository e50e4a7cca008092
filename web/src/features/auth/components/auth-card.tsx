import { Card, Flex, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/page-title';

/** The centred card the sign-in, code and registration screens share. */
export const AuthCard = ({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) => (
  <main className="app-main app-main--narrow">
    <Card variation="elevated" padding="xl" borderRadius="medium">
      <Flex direction="column" gap="medium">
        <PageTitle>{title}</PageTitle>
        {subtitle && <Text color="font.secondary">{subtitle}</Text>}
        {children}
      </Flex>
    </Card>
  </main>
);
