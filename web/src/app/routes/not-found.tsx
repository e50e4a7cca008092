import { Flex, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { PageTitle } from '../../components/page-title';

const NotFoundScreen = () => (
  <Flex as="main" direction="column" alignItems="center" padding="xxxl" gap="medium">
    <PageTitle look={2}>Page not found</PageTitle>
    <Text>There is nothing at this address.</Text>
    <Link to={paths.home.to()}>Go to the home page</Link>
  </Flex>
);
export default NotFoundScreen;
