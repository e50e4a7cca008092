import { Card, Flex, Heading, Image, View } from '@aws-amplify/ui-react';
import type { CSSProperties, ReactNode } from 'react';
import type { Interview } from '../api';

type Branding = Pick<Interview, 'companyName' | 'jobTitle' | 'theme' | 'logoHref'>;

/** The company's branding around the candidate's pages: logo or name, the position, the theme's colours. */
export const BrandedPage = ({ branding, children }: { branding: Branding | null; children: ReactNode }) => {
  const themed = branding?.theme.themeEnabled ? branding.theme.themeDefinition.palette : null;
  const style = themed
    ? ({
        '--amplify-components-button-primary-background-color': themed.primary.main,
        '--amplify-components-button-primary-hover-background-color': themed.primary.main,
        '--amplify-components-button-primary-focus-background-color': themed.primary.main,
        '--amplify-components-button-primary-active-background-color': themed.primary.main,
        '--brand-accent': themed.secondary.main,
      } as CSSProperties)
    : undefined;
  return (
    <View as="main" minHeight="100vh" backgroundColor="background.secondary" padding="medium" style={style}>
      <Flex direction="column" gap="medium" maxWidth="880px" margin="0 auto">
        {branding && (
          <Flex alignItems="center" gap="small" padding="small 0">
            {branding.logoHref ? (
              <Image src={branding.logoHref} alt={branding.companyName} height="40px" />
            ) : (
              <Heading level={4}>{branding.companyName}</Heading>
            )}
            <Heading level={5} color="font.secondary" fontWeight="normal">
              {branding.jobTitle}
            </Heading>
          </Flex>
        )}
        <Card variation="elevated" padding="large" borderRadius="medium">
          {children}
        </Card>
      </Flex>
    </View>
  );
};
