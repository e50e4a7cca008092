import { isCandidateHash } from './app/worlds';

/**
 * Decides from the hash, before loading anything else, which app this page runs (app/worlds.ts):
 * the candidate's interview and apply pages get their own light app (plain React and CSS, no
 * Amplify UI, SWR or router), everything else the hiring team's app. The entry holds only this
 * choice, so the chosen app's code and React DOM download side by side.
 */
const root = document.getElementById('root')!;
function loadCandidateApp() {
  return import('./app/candidate-app');
}
function loadHiringApp() {
  return import('./app/hiring-app');
}
const candidate = isCandidateHash(window.location.hash);
// index.html's shell drops its top bar for the candidate's pages, which have none.
if (candidate) document.documentElement.dataset.world = 'candidate';
// Each import in a function of its own: written inline in one ternary, the bundler folded both into one
// preload of the hiring app's files, and the candidate's pages lost their CSS.
const app = candidate ? loadCandidateApp() : loadHiringApp();

Promise.all([app, import('./app/mount')]).then(
  ([{ App }, { mount }]) => mount(App, root),
  // The app's code did not arrive (a dropped connection): say so rather than leave a blank page.
  () => {
    root.textContent = 'The page could not be loaded. Check your connection and reload the page.';
  },
);
