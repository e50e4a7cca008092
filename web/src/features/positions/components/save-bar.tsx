import type { ReactNode } from 'react';
import './settings.css';

/**
 * The fixed bar at the bottom of the Questions and Settings views. `children` are the view's own
 * action (Save changes), on the right. `lifecycle` (the Settings view's Close, Re-open and Delete)
 * sits on the left, apart from Save, in a group labelled `lifecycleLabel` that says what it acts on.
 */
export const SaveBar = ({ children, lifecycle, lifecycleLabel }: { children: ReactNode; lifecycle?: ReactNode; lifecycleLabel?: ReactNode }) => (
  <div className="save-bar">
    {lifecycle && (
      <div className="save-bar__lifecycle" role="group" aria-label="Position status">
        {lifecycleLabel && <span className="save-bar__label">{lifecycleLabel}</span>}
        <div className="save-bar__lifecycle-actions">{lifecycle}</div>
      </div>
    )}
    <div className="save-bar__primary">{children}</div>
  </div>
);
