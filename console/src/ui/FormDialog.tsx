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
            validationErrors={error instanceof ApiError ? fieldErrors(error) : undefined}
            onSubmit={(event) => {
              event.preventDefault();
              onSubmit();
            }}
          >
            {children}
            {error && (
              <p role="alert" className="notice error">
                {error.message}
              </p>
            )}
            <div className="dialog-actions">
              <Button className="button" onPress={onCancel}>
                Cancel
              </Button>
              <Button type="submit" className="button primary" isDisabled={pending}>
                {pending ? 'Saving…' : submitLabel}
              </Button>
            </div>
          </Form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** The API's validation details by the field they name (the last part of their JSON pointer), for React Aria's form. */
function fieldErrors(error: ApiError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const detail of error.body?.details ?? []) {
    const field = detail.path?.split('/').at(-1);
    if (field && detail.message) errors[field] = detail.message;
  }
  return errors;
}
