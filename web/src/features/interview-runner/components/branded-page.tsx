import { Card, Flex, Heading, Image, View } from '@aws-amplify/ui-react';
import type { CSSProperties, ReactNode } from 'react';
import { themeColors } from '../../../api/theme';
import type { Interview } from '../api';

type Branding = Pick<Interview, 'companyName' | 'jobTitle' | 'theme' | 'logoHref'>;

/** The company's branding around the candidate's pages: logo or name, the position, the theme's colours. */
export const BrandedPage = ({ branding, children }: { branding: Branding | null; children: ReactNode }) => {
  const colors = themeColors(branding?.theme);
  const style = colors
    ? ({
        '--amplify-components-button-primary-background-color': colors.primary,
        '--amplify-components-button-primary-hover-background-color': colors.primary,
        '--amplify-components-button-primary-focus-background-color': colors.primary,
        '--amplify-components-button-primary-active-background-color': colors.primary,
        '--amplify-components-button-primary-color': colors.onPrimary,
        '--amplify-components-button-primary-hover-color': colors.onPrimary,
        '--amplify-components-button-primary-focus-color': colors.onPrimary,
        '--amplify-components-button-primary-active-color': colors.onPrimary,
        '--brand-accent': colors.secondary,
      } as CSSProperties)
    : undefined;
  return (
    <View as="main" minHeight="100vh" backgroundColor="background.secondary" padding="medium" style={style}>
      <Flex direction="column" gap="medium" maxWidth="880px" margin="0 auto">
        {branding && (
          <Flex
            alignItems="center"
            gap="small"
            padding={colors ? 'small medium' : 'small 0'}
            borderRadius="medium"
            data-testid="brand-header"
            style={colors ? { background: colors.primary, color: colors.onPrimary, borderBottom: `4px solid ${colors.secondary}` } : undefined}
          >
            {branding.logoHref ? (
              <Image src={branding.logoHref} alt={`${branding.companyName} logo`} height="40px" maxWidth="200px" objectFit="contain" />
            ) : (
              <Heading level={4} color={colors ? 'inherit' : undefined}>
                {branding.companyName}
              </Heading>
            )}
            <Heading level={5} color={colors ? 'inherit' : 'font.secondary'} fontWeight="normal">
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
