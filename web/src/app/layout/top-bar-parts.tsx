import { Flex, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../../config/constants';

export const barStyle = {
  backgroundColor: 'var(--amplify-colors-white)',
  borderBottom: '1px solid var(--amplify-colors-border-secondary)',
  minHeight: '56px',
} as const;

export const Brand = ({ to }: { to: string }) => (
  <Link to={to} style={{ textDecoration: 'none', color: 'inherit' }} aria-label={`${PRODUCT_NAME} home`}>
    <Flex alignItems="center" gap="small">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <Text fontWeight="bold" fontSize="large">
        {PRODUCT_NAME}
      </Text>
    </Flex>
  </Link>
);
