import { Button } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';

const COPIED_MS = 750;
const FAILED_MS = 2000;

/**
 * Copies a text, then says so for 750 ms ("Copied to clipboard!") or 2 s on failure (spec §8).
 * `text` may be a function that makes the text first (a link created on the click), failing as a copy does.
 */
export const CopyButton = ({ text, label = 'Copy link' }: { text: string | (() => Promise<string>); label?: string }) => {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), state === 'copied' ? COPIED_MS : FAILED_MS);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <Button
      size="small"
      onClick={() =>
        (typeof text === 'string' ? Promise.resolve(text) : text())
          .then((value) => navigator.clipboard.writeText(value))
          .then(
            () => setState('copied'),
            () => setState('failed'),
          )
      }
    >
      {state === 'copied' ? 'Copied to clipboard!' : state === 'failed' ? 'Unable to copy to clipboard...' : label}
    </Button>
  );
};
