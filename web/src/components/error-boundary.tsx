import { Alert, Button, Flex } from '@aws-amplify/ui-react';
import { Component, type ReactNode } from 'react';

/** Last line of defence: a friendly message instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Flex direction="column" alignItems="center" padding="xxl">
        <Alert variation="error" heading="Something went wrong">
          The page could not be shown. Reload it, and contact us if it keeps happening.
        </Alert>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Flex>
    );
  }
}
