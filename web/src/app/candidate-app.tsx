import { Component, useEffect, useState, type ReactNode } from 'react';
import { ApplyScreen } from '../features/interview-runner/components/apply-screen';
import { BrandedPage } from '../features/interview-runner/components/branded-page';
import { ConfirmDeletionScreen } from '../features/interview-runner/components/confirm-deletion-screen';
import { DeleteMyDataScreen } from '../features/interview-runner/components/delete-my-data-screen';
import { InterviewScreen } from '../features/interview-runner/components/interview-screen';
import { Alert, Button, Title } from '../features/interview-runner/components/ui';
import { paths } from '../config/paths';
import { candidateRoute } from './worlds';

/**
 * The candidate's app (issue 17): the interview, the apply link and "Delete my data" (issue 28), in plain React and CSS. Its
 * router is the hash and `candidateRoute`; a hash outside the candidate's routes reloads the page,
 * so main.tsx starts the hiring team's app for it.
 */
const useCandidateRoute = () => {
  const [route, setRoute] = useState(() => candidateRoute(window.location.hash));
  useEffect(() => {
    const follow = () => setRoute(candidateRoute(window.location.hash));
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  useEffect(() => {
    if (!route) window.location.reload();
  }, [route]);
  return route;
};

/** Last line of defence: a friendly message instead of a blank page. */
class CandidateErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <BrandedPage branding={null}>
        <Title>Something went wrong</Title>
        <Alert variation="error">The page could not be shown. Reload it, and contact us if it keeps happening.</Alert>
        <div>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </div>
      </BrandedPage>
    );
  }
}

export const App = () => {
  const route = useCandidateRoute();
  return (
    <CandidateErrorBoundary>
      {route?.name === 'interview' && <InterviewScreen key={route.token} token={route.token} />}
      {route?.name === 'apply' && (
        <ApplyScreen key={route.linkId} linkId={route.linkId} onApplied={(token) => (window.location.hash = paths.interview.to(token))} />
      )}
      {route?.name === 'deleteMyData' && <DeleteMyDataScreen key={route.companyId} companyId={route.companyId} email={route.email} />}
      {route?.name === 'confirmDeletion' && <ConfirmDeletionScreen key={route.nonce} nonce={route.nonce} companyId={route.companyId} />}
    </CandidateErrorBoundary>
  );
};
