import { Alert, Button, Flex, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../api/client';
import {
  createMessageTemplateCall,
  getMessageTemplateCall,
  messagePlaceholders,
  previewMessageTemplateCall,
  sendTestMessageCall,
  updateMessageTemplateCall,
  type MessageTemplateBody,
} from '../../../api/message-templates';
import type { MessageTemplate } from '../../../api/positions';
import { Dialog } from '../../../components/dialog';
import { PageLoader } from '../../../components/page-loader';
import { emailsMessages } from '../emails-messages';
import './settings.css';

type Field = 'subjectLine' | 'bodyContent';
interface Preview {
  subject: string;
  html: string;
}

/** Spec §9: the template body editor is 13 rows. */
const TEMPLATE_BODY_ROWS = 13;

const emptyBody: MessageTemplateBody = { templateName: '', subjectLine: '', bodyContent: '' };

interface TemplateDialogProps {
  companyId: string;
  /** The template to edit, as the list shows it; null creates one. */
  template: MessageTemplate | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}

const titleOf = (template: MessageTemplate | null) => (template?.isStandard ? 'Standard template' : template ? 'Edit template' : 'New template');

/**
 * Create a message template, or open one to edit: the template is retrieved first (GET
 * /message-templates/{id}), so the dialog edits the wording as saved now; while it comes a
 * skeleton shows, and when it cannot be retrieved, spec §8's "Unable to retrieve message
 * template…" (or the server's own message) with Close.
 */
export const TemplateDialog = (props: TemplateDialogProps) => {
  const { template, onClose } = props;
  const templateId = template?.templateId ?? null;
  const [result, setResult] = useState<
    { templateId: string } & ({ data: MessageTemplate; error?: undefined } | { data?: undefined; error: unknown })
  >();
  const retrieved = result?.templateId === templateId ? result : undefined;
  useEffect(() => {
    if (!templateId) return;
    const aborted = new AbortController();
    getMessageTemplateCall(templateId, aborted.signal).then(
      (data) => setResult({ templateId, data }),
      (error: unknown) => !aborted.signal.aborted && setResult({ templateId, error }),
    );
    return () => aborted.abort();
  }, [templateId]);
  if (!template) return <TemplateEditor {...props} />;
  if (retrieved?.data) return <TemplateEditor {...props} template={retrieved.data} />;
  return (
    <Dialog
      title={titleOf(template)}
      open
      onClose={onClose}
      width="720px"
      footer={<Button onClick={onClose}>{retrieved?.error ? 'Close' : 'Cancel'}</Button>}
    >
      {retrieved?.error ? <Alert variation="error">{errorMessage(retrieved.error, emailsMessages.templateFailed)}</Alert> : <PageLoader />}
    </Dialog>
  );
};

/**
 * Create or edit a message template (spec §2 Emails, §5): name, subject and body are required and
 * Save is enabled only when something changed. The placeholders insert at the cursor of the subject
 * or the body (whichever was last focused). Preview renders the wording with sample values on the
 * server (the renderer the mails use); "Send me a test" mails it to the signed-in owner. A standard
 * template opens read-only.
 */
const TemplateEditor = ({ companyId, template, onClose, onSaved }: TemplateDialogProps) => {
  const initial: MessageTemplateBody = template
    ? { templateName: template.templateName, subjectLine: template.subjectLine, bodyContent: template.bodyContent }
    : emptyBody;
  const readOnly = template?.isStandard ?? false;
  const [body, setBody] = useState(initial);
  const [busy, setBusy] = useState<null | 'save' | 'preview' | 'test'>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const lastField = useRef<Field>('bodyContent');
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);

  const changed = (Object.keys(initial) as (keyof MessageTemplateBody)[]).some((k) => body[k] !== initial[k]);
  const complete = body.templateName.trim() !== '' && body.subjectLine.trim() !== '' && body.bodyContent.trim() !== '';
  const draft = { subjectLine: body.subjectLine, bodyContent: body.bodyContent };
  const set = (patch: Partial<MessageTemplateBody>) => {
    setBody((current) => ({ ...current, ...patch }));
    setPreview(null);
    setNotice(null);
  };

  const insert = (name: string) => {
    const field = lastField.current;
    const element = field === 'subjectLine' ? subjectRef.current : bodyRef.current;
    const text = `{${name}}`;
    const value = body[field];
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    set({ [field]: value.slice(0, start) + text + value.slice(end) });
    // Back to the field after the placeholder, unless the focus has moved on meanwhile (to another field).
    const trigger = document.activeElement;
    requestAnimationFrame(() => {
      if (document.activeElement !== trigger && document.activeElement !== document.body) return;
      element?.focus();
      element?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  const run = async (kind: 'save' | 'preview' | 'test', action: () => Promise<void>, fallback: string) => {
    setBusy(kind);
    setError(null);
    setNotice(null);
    try {
      await action();
    } catch (e) {
      setError(errorMessage(e, fallback));
    } finally {
      setBusy(null);
    }
  };

  const save = () =>
    run(
      'save',
      async () => {
        if (template) await updateMessageTemplateCall(template.templateId, body);
        else await createMessageTemplateCall(companyId, body);
        await onSaved();
        onClose();
      },
      emailsMessages.saveFailed,
    );
  const showPreview = () =>
    run(
      'preview',
      async () => {
        const rendered = await previewMessageTemplateCall(companyId, draft);
        setPreview({ subject: rendered.subject, html: rendered.html });
      },
      emailsMessages.templateFailed,
    );
  const sendTest = () =>
    run(
      'test',
      async () => {
        const sent = await sendTestMessageCall(companyId, draft);
        setNotice(`A test e-mail is on its way to ${sent.sentTo}.`);
      },
      emailsMessages.testFailed,
    );

  const title = titleOf(template);
  return (
    <Dialog
      title={title}
      open
      onClose={onClose}
      width="720px"
      footer={
        <>
          <Button onClick={() => void showPreview()} isDisabled={!complete && !readOnly} isLoading={busy === 'preview'} loadingText="Rendering...">
            Preview
          </Button>
          <Button onClick={() => void sendTest()} isDisabled={!complete && !readOnly} isLoading={busy === 'test'} loadingText="Sending...">
            Send me a test
          </Button>
          <Button onClick={onClose}>{readOnly ? 'Close' : 'Cancel'}</Button>
          {!readOnly && (
            <Button
              variation="primary"
              onClick={() => void save()}
              isDisabled={!changed || !complete}
              isLoading={busy === 'save'}
              loadingText="Saving..."
            >
              Save
            </Button>
          )}
        </>
      }
    >
      <Flex direction="column" gap="small">
        {readOnly && <Alert variation="info">Standard templates are read-only. Create a template of your own to use different wording.</Alert>}
        <TextField
          label="Name"
          value={body.templateName}
          isReadOnly={readOnly}
          isRequired
          maxLength={100}
          onChange={(e) => set({ templateName: e.target.value })}
        />
        <TextField
          label="Subject"
          ref={subjectRef}
          value={body.subjectLine}
          isReadOnly={readOnly}
          isRequired
          maxLength={200}
          onFocus={() => (lastField.current = 'subjectLine')}
          onChange={(e) => set({ subjectLine: e.target.value })}
        />
        <TextAreaField
          label="Message"
          ref={bodyRef}
          rows={TEMPLATE_BODY_ROWS}
          value={body.bodyContent}
          isReadOnly={readOnly}
          isRequired
          maxLength={5000}
          onFocus={() => (lastField.current = 'bodyContent')}
          onChange={(e) => set({ bodyContent: e.target.value })}
        />
        {!readOnly && (
          <Flex as="section" aria-label="Insert a placeholder" gap="xs" wrap="wrap" alignItems="center">
            <Text fontSize="small" color="font.secondary">
              Insert:
            </Text>
            {messagePlaceholders.map((p) => (
              <Button key={p.name} size="small" onClick={() => insert(p.name)} title={`Insert ${p.label.toLowerCase()} at the cursor`}>
                {`{${p.name}}`}
              </Button>
            ))}
          </Flex>
        )}
        {error && <Alert variation="error">{error}</Alert>}
        {notice && <Alert variation="success">{notice}</Alert>}
        {preview && (
          <Flex direction="column" gap="xs">
            <Text fontWeight="bold">Subject: {preview.subject}</Text>
            <iframe title="E-mail preview" sandbox="" srcDoc={preview.html} className="template-dialog__preview" />
          </Flex>
        )}
      </Flex>
    </Dialog>
  );
};
