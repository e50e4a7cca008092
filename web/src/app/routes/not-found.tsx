import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

const NotFoundScreen = () => (
  <Flex direction="column" alignItems="center" padding="xxxl" gap="medium">
    <Heading level={2}>Page not found</Heading>
    <Text>There is nothing at this address.</Text>
    <Link to={paths.home.to()}>Go to the home page</Link>
  </Flex>
);
export default NotFoundScreen;
