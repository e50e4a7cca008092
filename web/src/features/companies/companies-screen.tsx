import { Alert, Card, Flex, Text } from '@aws-amplify/ui-react';
import { Link, Navigate } from 'react-router-dom';
import { useMe } from '../../api/companies';
import { PageSkeleton } from '../../components/skeleton';
import { paths } from '../../config/paths';
import { PageTitle } from '../../components/page-title';

const COMPANIES_FAILED = 'Unable to retrieve companies at this time. Please contact us.';

/** The company picker; with exactly one company it goes straight there (spec §2). */
const CompaniesScreen = () => {
  const { data, error } = useMe();
  if (error) {
    return (
      <main className="app-main">
        <PageTitle visuallyHidden>Choose a company</PageTitle>
        <Alert variation="error">{COMPANIES_FAILED}</Alert>
      </main>
    );
  }
  if (!data) return <PageSkeleton width="narrow" />;
  if (data.companies.length === 1) return <Navigate to={paths.company.to(data.companies[0]!.companyId)} replace />;
  return (
    <main className="app-main app-main--narrow">
      <Flex direction="column" gap="medium">
        <PageTitle>Choose a company</PageTitle>
        {data.companies.length === 0 && <Text>You are not a member of any company yet.</Text>}
        {data.companies.map((company) => (
          <Link key={company.companyId} to={paths.company.to(company.companyId)} style={{ textDecoration: 'none' }}>
            <Card variation="outlined" padding="medium">
              <Text fontWeight="semibold">{company.companyName}</Text>
              <Text fontSize="small" color="font.secondary">
                {company.userRole === 'owner' ? 'Owner' : 'Member'}
              </Text>
            </Card>
          </Link>
        ))}
      </Flex>
    </main>
  );
};
export default CompaniesScreen;
