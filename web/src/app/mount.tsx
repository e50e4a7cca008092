import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';

/** Renders the app main.tsx chose into the page. Its own module, so React DOM loads beside the app's code, not before it. */
export const mount = (App: ComponentType, root: HTMLElement) =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
