import './controls.css';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { CopyButton } from './CopyButton';

/** A new secret, shown this once in a dialog with a copy button: the service keeps only its hash. */
export function SecretDialog({ title, label, secret, onDone }: { title: string; label: string; secret: string; onDone: () => void }) {
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
            <CopyButton text={secret} label={`Copy the new ${label}`} />
            <Button className="button primary" onPress={onDone} autoFocus>
              Done
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
