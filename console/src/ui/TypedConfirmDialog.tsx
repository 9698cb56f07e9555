import { useState } from 'react';
import { Button, Dialog, Heading, Input, Label, Modal, ModalOverlay, TextField } from 'react-aria-components';
import { DialogFooter } from './FormDialog';

/** Deleting asks for the name to be typed: the confirm button stays disabled until it matches. */
export function TypedConfirmDialog({
  action,
  name,
  error,
  onConfirm,
  onCancel,
}: {
  action: string;
  name: string;
  error?: Error | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const [typed, setTyped] = useState('');
  return (
    <ModalOverlay isOpen isDismissable onOpenChange={(open) => !open && onCancel()} className="overlay">
      <Modal className="modal">
        <Dialog role="alertdialog" className="dialog">
          <Heading slot="title">
            {action} {name}?
          </Heading>
          <TextField className="field" value={typed} onChange={setTyped} autoFocus>
            <Label>Type {name} to confirm</Label>
            <Input />
          </TextField>
          <DialogFooter error={error} onCancel={onCancel}>
            <Button className="button danger" isDisabled={typed !== name} onPress={onConfirm}>
              {action}
            </Button>
          </DialogFooter>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
