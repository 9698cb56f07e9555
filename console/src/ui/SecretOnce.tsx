import './controls.css';
import { useState } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

/** A new secret, shown this once in a dialog with a copy button: the service keeps only its hash. */
export function SecretDialog({ title, label, secret, onDone }: { title: string; label: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <ModalOverlay isOpen className="overlay">
      <Modal className="modal">
        <Dialog className="dialog">
          <Heading slot="title">{title}</Heading>
          <p className="notice warning">Copy this {label} now: it will not be shown again.</p>
          <code className="secret" aria-label={`New ${label}`}>
            {secret}
          </code>
          <div className="dialog-actions">
            <Button
              className="button"
              onPress={async () => {
                await navigator.clipboard.writeText(secret);
                setCopied(true);
              }}
            >
              {copied ? 'Copied' : `Copy ${label}`}
            </Button>
            <Button className="button primary" onPress={onDone} autoFocus>
              Done
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
