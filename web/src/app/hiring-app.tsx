import { AppProvider } from './provider';
import { AppRouter } from './router';
import './global.css';

/** The hiring team's app (and a shared candidate's public page): every provider around the router. */
export const App = () => (
  <AppProvider>
    <AppRouter />
  </AppProvider>
);
