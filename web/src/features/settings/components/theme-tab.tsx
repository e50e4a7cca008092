import { Alert, Button, Flex, Image, SwitchField } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';
import { IMAGE_CONTENT_TYPES } from '../../../../../lambdas/contracts/media-types';
import { apiPath, errorMessage } from '../../../api/client';
import { completeMediaUploadsCall, newMediaGroupId, UploadFailed, uploadToGroup } from '../../../api/media';
import { putThemeCall, sameTheme, themePath, useLogoHref, useTheme, type Theme } from '../../../api/theme';
import { useCompany } from '../../../api/companies';
import { ColorField } from '../../../components/color-field';
import { FileDropZone } from '../../../components/file-drop-zone';
import { PageLoader } from '../../../components/page-loader';
import { themeMessages as messages } from '../theme-messages';
import { ThemePreview } from './theme-preview';
import './theme-tab.css';

const isImage = (type: string) => (IMAGE_CONTENT_TYPES as readonly string[]).includes(type);

/**
 * Theme (owner): enable switch, primary and secondary colours, logo (spec §2 Theme tab, §3 Company
 * theme), beside a live preview of the candidate's welcome screen and an invitation e-mail.
 */
export const ThemeTab = ({ companyId }: { companyId: string }) => {
  const { data: saved, error, mutate } = useTheme(companyId);
  // The app's SWR cache is its provider's (one per session): refresh what the header shows through it.
  const { mutate: mutateCache } = useSWRConfig();
  const [draft, setDraft] = useState<Theme | null>(null);
  const [invalidColors, setInvalidColors] = useState({ primary: false, secondary: false });
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [localPreview, setLocalPreview] = useState<{ groupId: string; href: string } | null>(null);
  const [logoFile, setLogoFile] = useState<{ name: string; size: number } | null>(null);
  const companyName = useCompany(companyId).data?.companyName ?? '';
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [savedNote, setSavedNote] = useState(false);
  const theme = draft ?? saved ?? null;
  const { data: savedLogoHref } = useLogoHref(
    theme?.logoImageGroupId && theme.logoImageGroupId !== localPreview?.groupId ? theme.logoImageGroupId : null,
  );
  useEffect(() => () => (localPreview ? URL.revokeObjectURL(localPreview.href) : undefined), [localPreview]);

  if (error) return <Alert variation="error">{messages.loadFailed}</Alert>;
  if (!saved || !theme) return <PageLoader />;

  const change = (next: Partial<Theme> & { primary?: string; secondary?: string }) => {
    setSavedNote(false);
    setDraft({
      themeEnabled: next.themeEnabled ?? theme.themeEnabled,
      logoImageGroupId: next.logoImageGroupId !== undefined ? next.logoImageGroupId : theme.logoImageGroupId,
      themeDefinition: {
        palette: {
          primary: { main: next.primary ?? theme.themeDefinition.palette.primary.main },
          secondary: { main: next.secondary ?? theme.themeDefinition.palette.secondary.main },
        },
      },
    });
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    setLogoFile({ name: file.name, size: file.size });
    if (!isImage(file.type)) {
      setUploadError(messages.notImage);
      return;
    }
    setUploading(true);
    const groupId = newMediaGroupId();
    try {
      let mediaId: string;
      try {
        mediaId = await uploadToGroup(companyId, groupId, file, file.type, file.name);
      } catch (e) {
        setUploadError(e instanceof UploadFailed ? messages.uploadError : errorMessage(e, messages.uploadFailed));
        return;
      }
      try {
        await completeMediaUploadsCall([mediaId]);
      } catch {
        setUploadError(messages.uploadError);
        return;
      }
      setLocalPreview({ groupId, href: URL.createObjectURL(file) });
      change({ logoImageGroupId: groupId });
    } finally {
      setUploading(false);
    }
  };

  const save = async () => {
    setSaving(true);
    setSaveError(null);
    try {
      const stored = await putThemeCall(companyId, theme);
      await mutate(stored, { revalidate: false });
      setDraft(null);
      setSavedNote(true);
      void mutateCache(themePath(companyId));
      void mutateCache(apiPath('getCompany', { companyId }));
    } catch (e) {
      setSaveError(errorMessage(e, messages.saveFailed));
    } finally {
      setSaving(false);
    }
  };

  const logoHref = theme.logoImageGroupId ? (theme.logoImageGroupId === localPreview?.groupId ? localPreview.href : savedLogoHref) : null;
  const dirty = !sameTheme(theme, saved);

  return (
    <div className="theme-tab">
      <Flex direction="column" gap="medium" className="theme-tab__form">
        <SwitchField
          labelPosition="end"
          label="Use the theme on candidates' pages, e-mails and the header"
          isChecked={theme.themeEnabled}
          onChange={(e) => change({ themeEnabled: e.target.checked })}
        />
        <div className="theme-tab__colors">
          <ColorField
            label="Primary color"
            value={theme.themeDefinition.palette.primary.main}
            errorMessage={messages.badColor}
            onChange={(primary) => change({ primary })}
            onValidity={(valid) => setInvalidColors((c) => ({ ...c, primary: !valid }))}
          />
          <ColorField
            label="Secondary color"
            value={theme.themeDefinition.palette.secondary.main}
            errorMessage={messages.badColor}
            onChange={(secondary) => change({ secondary })}
            onValidity={(valid) => setInvalidColors((c) => ({ ...c, secondary: !valid }))}
          />
        </div>
        <FileDropZone
          label="Logo"
          accept={IMAGE_CONTENT_TYPES.join(',')}
          hint={messages.logoHelp}
          file={logoFile}
          status={uploading ? 'Uploading logo...' : null}
          error={uploadError}
          disabled={uploading}
          onFile={(file) => void upload(file)}
        />
        {logoHref && (
          <Flex alignItems="center" gap="small" className="theme-tab__logo">
            <div className="theme-tab__logo-frame" style={{ background: theme.themeDefinition.palette.primary.main }}>
              <Image src={logoHref} alt="Company logo" height="56px" maxWidth="180px" objectFit="contain" />
            </div>
            <Button
              size="small"
              variation="link"
              onClick={() => {
                setLogoFile(null);
                change({ logoImageGroupId: null });
              }}
            >
              Remove logo
            </Button>
          </Flex>
        )}
        {saveError && <Alert variation="error">{saveError}</Alert>}
        {savedNote && !dirty && <Alert variation="success">{messages.saved}</Alert>}
        <Flex justifyContent="flex-end" className="theme-tab__actions">
          <Button
            variation="primary"
            onClick={() => void save()}
            isDisabled={!dirty || invalidColors.primary || invalidColors.secondary || uploading}
            isLoading={saving}
            loadingText="Saving..."
          >
            Save
          </Button>
        </Flex>
      </Flex>
      <ThemePreview theme={theme} companyName={companyName} logoHref={logoHref} companyId={companyId} />
    </div>
  );
};
