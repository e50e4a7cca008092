import { SelectField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { readableTextOn } from '../../../../../lambdas/contracts/contrast';
import { paths } from '../../../../../lambdas/contracts/app-paths';
import { PLACEHOLDER_PATTERN, type MessagePlaceholder } from '../../../../../lambdas/contracts/message-templates';
import { useMessageTemplateList } from '../../../api/message-templates';
import type { Theme } from '../../../api/theme';
import { brandColors } from '../../../lib/brand-colors';

/** The template the preview opens with: the standard invitation every company has. */
const STANDARD_INVITE = 'standard-invite';

/** The sample candidate and position of the previews (the server's previews use the same kind of values). */
const sample = (companyName: string): Record<MessagePlaceholder, string> => ({
  candidateName: 'Alex Example',
  companyName,
  jobTitle: 'Product Designer',
  interviewLink: `${window.location.origin}/#${paths.interview.to('sample')}`,
  deadline: `Please complete it by ${new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)}.`,
});

const fill = (text: string, values: Record<MessagePlaceholder, string>) =>
  text.replace(PLACEHOLDER_PATTERN, (whole, name: string) => (Object.hasOwn(values, name) ? values[name as MessagePlaceholder] : whole));

interface PreviewProps {
  theme: Theme;
  companyName: string;
  logoHref: string | null | undefined;
}

/**
 * The candidate's welcome screen as it will look with the edited theme (interview-runner's
 * BrandedPage and WelcomeStage, drawn small): the band with the logo or the company's name, the
 * welcome card and its primary button. A picture, not a page: nothing in it is interactive.
 */
const WelcomePreview = ({ theme, companyName, logoHref }: PreviewProps) => {
  const colors = brandColors(theme);
  // The candidate's pages show the logo only while the theme is on (lambdas/app/companies/branding.ts).
  const logo = theme.themeEnabled ? logoHref : null;
  const values = sample(companyName);
  return (
    <figure className="theme-preview">
      <figcaption className="theme-preview__caption">Candidate’s welcome screen</figcaption>
      <div className="theme-preview__frame theme-preview__page">
        <div
          className={colors.themed ? 'theme-preview__band theme-preview__band--themed' : 'theme-preview__band'}
          style={colors.themed ? { background: colors.primary, color: colors.onPrimary, borderBottomColor: colors.secondary } : undefined}
        >
          {logo ? (
            <img className="theme-preview__logo" src={logo} alt={`${companyName} logo`} />
          ) : (
            <span className="theme-preview__company">{companyName}</span>
          )}
          <span className="theme-preview__job">{values.jobTitle}</span>
        </div>
        <div className="theme-preview__card">
          <p className="theme-preview__title">Welcome, {values.candidateName}</p>
          <p>
            {companyName} invites you to a video interview for {values.jobTitle}. There are 3 questions.
          </p>
          <span className="theme-preview__button" style={{ background: colors.primary, color: colors.onPrimary }}>
            Start the interview
          </span>
        </div>
      </div>
    </figure>
  );
};

/**
 * An invitation e-mail with the edited theme: the company's band (the primary colour, the logo or
 * the name, a rule in the secondary colour) over the chosen template's wording with sample values,
 * as the mail layout draws it (lambdas/domain/emails/layout.ts). Without the theme the mail has no
 * band, so neither does the preview.
 */
const MailPreview = ({ theme, companyName, logoHref, companyId }: PreviewProps & { companyId: string }) => {
  const templates = useMessageTemplateList(companyId).data?.messageTemplates ?? [];
  const [chosen, setChosen] = useState(STANDARD_INVITE);
  const template = templates.find((t) => t.templateId === chosen) ?? templates.find((t) => t.templateId === STANDARD_INVITE) ?? templates[0];
  const colors = brandColors(theme);
  const values = sample(companyName);
  return (
    <figure className="theme-preview">
      <figcaption className="theme-preview__caption">Invitation e-mail</figcaption>
      {templates.length > 1 && (
        <SelectField label="Template shown" size="small" value={template?.templateId ?? ''} onChange={(e) => setChosen(e.target.value)}>
          {templates.map((t) => (
            <option key={t.templateId} value={t.templateId}>
              {t.templateName}
            </option>
          ))}
        </SelectField>
      )}
      <div className="theme-preview__frame theme-preview__mail">
        {template ? (
          <>
            <p className="theme-preview__subject">
              <span className="theme-preview__subject-label">Subject</span> {fill(template.subjectLine, values)}
            </p>
            <div className="theme-preview__mail-card">
              {colors.themed && (
                <div
                  className="theme-preview__mail-band"
                  style={{ background: colors.primary, color: readableTextOn(colors.primary), borderBottomColor: colors.secondary }}
                >
                  {logoHref ? <img className="theme-preview__mail-logo" src={logoHref} alt={companyName} /> : <span>{companyName}</span>}
                </div>
              )}
              <div className="theme-preview__mail-body">
                {fill(template.bodyContent, values)
                  .split(/\n{2,}/)
                  .map((paragraph, i) => (
                    <p key={i}>{paragraph}</p>
                  ))}
              </div>
            </div>
          </>
        ) : (
          <p className="theme-preview__empty">Loading the invitation…</p>
        )}
      </div>
    </figure>
  );
};

/** Both previews, updated as the theme is edited. */
export const ThemePreview = (props: PreviewProps & { companyId: string }) => (
  <section className="theme-preview-list" aria-label="Preview">
    {!props.theme.themeEnabled && (
      <p className="theme-preview__note">The theme is off: candidates see the product’s own colours and no logo, and e-mails have no band.</p>
    )}
    <WelcomePreview {...props} />
    <MailPreview {...props} />
  </section>
);
