import type { ReactNode } from 'react';
import { Button, Dialog, Form, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { ApiError } from '../api/client';

/**
 * A form in a modal dialog: the fields, the API's refusal (its own message) and Save / Cancel. Fields show their own
 * message through `fieldError` when the API's details name them.
 */
export function FormDialog({
  title,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  submitLabel: string;
  pending: boolean;
  error: Error | null;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <ModalOverlay isOpen isDismissable onOpenChange={(open) => !open && onCancel()} className="overlay">
      <Modal className="modal">
        <Dialog className="dialog">
          <Heading slot="title">{title}</Heading>
          <Form
            className="stack"
            validationErrors={apiFieldErrors(error)}
            onSubmit={(event) => {
              event.preventDefault();
              onSubmit();
            }}
          >
            {children}
            <DialogFooter error={error} onCancel={onCancel}>
              <Button type="submit" className="button primary" isDisabled={pending}>
                {pending ? 'Saving…' : submitLabel}
              </Button>
            </DialogFooter>
          </Form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** A dialog's last part: the API's refusal (its own message), Cancel, and the dialog's own buttons. */
export function DialogFooter({ error, onCancel, children }: { error?: Error | null; onCancel: () => void; children: ReactNode }) {
  return (
    <>
      {error && (
        <p role="alert" className="notice error">
          {error.message}
        </p>
      )}
      <div className="dialog-actions">
        <Button className="button" onPress={onCancel}>
          Cancel
        </Button>
        {children}
      </div>
    </>
  );
}

/** The API's validation details by the field they name (the last part of their JSON pointer), for React Aria's form. */
export function apiFieldErrors(error: Error | null): Record<string, string> | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const errors: Record<string, string> = {};
  for (const detail of error.body?.details ?? []) {
    const field = detail.path?.split('/').at(-1);
    if (field && detail.message) errors[field] = detail.message;
  }
  return errors;
}
