import { Heading } from '@aws-amplify/ui-react';
import { useId, type ReactNode } from 'react';
import './settings.css';

/**
 * One section of the position's Settings view: a named region, its heading (and a line on what it
 * governs) beside its fields on a wide screen, above them on a narrow one.
 */
export const Section = ({ title, description, children }: { title: string; description?: string; children: ReactNode }) => {
  const descriptionId = useId();
  return (
    <section className="settings-section" aria-label={title} aria-describedby={description ? descriptionId : undefined}>
      <div className="settings-section__intro">
        <Heading level={2} className="settings-section__title">
          {title}
        </Heading>
        {description && (
          <p id={descriptionId} className="settings-section__description">
            {description}
          </p>
        )}
      </div>
      <div className="settings-section__fields">{children}</div>
    </section>
  );
};
