import './controls.css';
import type { Key } from 'react-aria-components';
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';

const NONE = '__none__';

/** A labelled pick list of named items; with `noneLabel`, "none" can be picked too (the value is then undefined). */
export function Pick<Id extends Key>({
  label,
  name,
  items,
  value,
  onChange,
  noneLabel,
}: {
  label: string;
  name: string;
  items: { id: Id; name: string }[];
  value: Id | undefined;
  onChange: (id: Id | undefined) => void;
  noneLabel?: string;
}) {
  const shown: { id: Key; name: string }[] = noneLabel ? [{ id: NONE, name: noneLabel }, ...items] : items;
  return (
    <Select
      className="field"
      name={name}
      selectedKey={value ?? (noneLabel ? NONE : null)}
      onSelectionChange={(key) => onChange(key === NONE ? undefined : items.find((item) => item.id === key)?.id)}
      isRequired={!noneLabel}
    >
      <Label>{label}</Label>
      <Button className="select-button">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      <Popover className="popover">
        <ListBox className="listbox" items={shown}>
          {(item) => (
            <ListBoxItem id={item.id} className="listbox-item">
              {item.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
