import { Alert, Button, Flex, Image, SwitchField, Text, TextField, View } from '@aws-amplify/ui-react';
import { useEffect, useId, useState } from 'react';
import { useSWRConfig } from 'swr';
import { IMAGE_CONTENT_TYPES } from '../../../../../lambdas/contracts/media-types';
import { apiPath, errorMessage } from '../../../api/client';
import { completeMediaUploadsCall, newMediaGroupId, UploadFailed, uploadToGroup } from '../../../api/media';
import { putThemeCall, sameTheme, themePath, useLogoHref, useTheme, type Theme } from '../../../api/theme';
import { PageLoader } from '../../../components/page-loader';
import { themeMessages as messages } from '../theme-messages';

const HEX = /^#[0-9a-fA-F]{6}$/;
const isImage = (type: string) => (IMAGE_CONTENT_TYPES as readonly string[]).includes(type);

/** A colour: the browser's picker and the same value as #rrggbb text, each labelled. */
const ColorField = ({
  label,
  value,
  onChange,
  onValidity,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onValidity: (valid: boolean) => void;
}) => {
  const id = useId();
  const [text, setText] = useState(value);
  // The picker (or a reset) changed the value: the text follows (React's "adjust state on a prop change").
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (text.toLowerCase() !== value.toLowerCase()) setText(value);
  }
  const invalid = !HEX.test(text);
  return (
    <Flex gap="small" alignItems="flex-end">
      <Flex direction="column" gap="xxs">
        <label htmlFor={`${id}-picker`}>{label}</label>
        <input
          id={`${id}-picker`}
          type="color"
          value={HEX.test(value) ? value.toLowerCase() : '#000000'}
          onChange={(e) => {
            onValidity(true);
            onChange(e.target.value);
          }}
          style={{ width: 48, height: 36, padding: 0, border: '1px solid #888', borderRadius: 4 }}
        />
      </Flex>
      <TextField
        label={`${label} (hex)`}
        value={text}
        maxLength={7}
        hasError={invalid}
        errorMessage={messages.badColor}
        onChange={(e) => {
          setText(e.target.value);
          onValidity(HEX.test(e.target.value));
          if (HEX.test(e.target.value)) onChange(e.target.value);
        }}
        width="10rem"
      />
    </Flex>
  );
};

/** Theme (owner): enable switch, primary and secondary colours, logo (spec §2 Theme tab, §3 Company theme). */
export const ThemeTab = ({ companyId }: { companyId: string }) => {
  const { data: saved, error, mutate } = useTheme(companyId);
  // The app's SWR cache is its provider's (one per session): refresh what the header shows through it.
  const { mutate: mutateCache } = useSWRConfig();
  const [draft, setDraft] = useState<Theme | null>(null);
  const [invalidColors, setInvalidColors] = useState({ primary: false, secondary: false });
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [localPreview, setLocalPreview] = useState<{ groupId: string; href: string } | null>(null);
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
    <Flex direction="column" gap="medium">
      <SwitchField
        label="Use the theme on candidates' pages, e-mails and the header"
        isChecked={theme.themeEnabled}
        onChange={(e) => change({ themeEnabled: e.target.checked })}
      />
      <ColorField
        label="Primary color"
        value={theme.themeDefinition.palette.primary.main}
        onChange={(primary) => change({ primary })}
        onValidity={(valid) => setInvalidColors((c) => ({ ...c, primary: !valid }))}
      />
      <ColorField
        label="Secondary color"
        value={theme.themeDefinition.palette.secondary.main}
        onChange={(secondary) => change({ secondary })}
        onValidity={(valid) => setInvalidColors((c) => ({ ...c, secondary: !valid }))}
      />
      <Flex direction="column" gap="xs">
        <label htmlFor={`logo-file-${companyId}`}>Logo</label>
        <Text id={`logo-help-${companyId}`} fontSize="small">
          {messages.logoHelp}
        </Text>
        <input
          id={`logo-file-${companyId}`}
          type="file"
          accept={IMAGE_CONTENT_TYPES.join(',')}
          aria-describedby={`logo-help-${companyId}`}
          disabled={uploading}
          onChange={(e) => {
            void upload(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {uploading && <Text fontSize="small">Uploading logo...</Text>}
        {uploadError && <Alert variation="error">{uploadError}</Alert>}
        {logoHref && (
          <Flex alignItems="center" gap="small">
            <View padding="xs" style={{ background: theme.themeDefinition.palette.primary.main, borderRadius: 4 }}>
              <Image src={logoHref} alt="Company logo" height="64px" maxWidth="200px" objectFit="contain" />
            </View>
            <Button size="small" variation="link" onClick={() => change({ logoImageGroupId: null })}>
              Remove logo
            </Button>
          </Flex>
        )}
      </Flex>
      {saveError && <Alert variation="error">{saveError}</Alert>}
      {savedNote && !dirty && <Alert variation="success">{messages.saved}</Alert>}
      <Flex justifyContent="flex-end">
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
  );
};
