import { FieldError, Input, Label, TextField, type TextFieldProps } from 'react-aria-components';

/** A labelled one-line text field; inside a form dialog it shows the API's message for its `name`. */
export function TextInput({ label, ...props }: TextFieldProps & { label: string }) {
  return (
    <TextField className="field" {...props}>
      <Label>{label}</Label>
      <Input />
      <FieldError />
    </TextField>
  );
}
