import { useState } from 'react';
import { Button } from 'react-aria-components';

/** Copies `text` to the clipboard and says so. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      className="button"
      aria-label={label}
      onPress={async () => {
        await navigator.clipboard.writeText(text);
        setCopied(true);
      }}
    >
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}
