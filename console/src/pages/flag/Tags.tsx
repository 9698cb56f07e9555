import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api, data, type Schemas } from '../../api/client';
import { usePermission } from '../../app/permissions';
import { GuardedButton } from '../../ui/GuardedButton';

/** The flag's tags: each removable, and a form to add one (`type:value`, the type `simple` by default). */
export function Tags({
  flag,
  project,
  tags,
  onChanged,
}: {
  flag: string;
  project: string;
  tags: Schemas['tagSchema'][];
  onChanged: () => void;
}) {
  const id = useId();
  const canTag = usePermission('UPDATE_FEATURE', { project });
  const queryClient = useQueryClient();
  const [type, setType] = useState('simple');
  const [value, setValue] = useState('');
  const settled = () => {
    onChanged();
    void queryClient.invalidateQueries({ queryKey: ['search'] });
  };
  const add = useMutation({
    mutationFn: () =>
      data(api.POST('/api/admin/features/{featureName}/tags', { params: { path: { featureName: flag } }, body: { type, value } })),
    onSuccess: () => {
      setValue('');
      settled();
    },
  });
  const remove = useMutation({
    mutationFn: (tag: Schemas['tagSchema']) =>
      data(api.DELETE('/api/admin/features/{featureName}/tags/{type}/{value}', { params: { path: { featureName: flag, ...tag } } })),
    onSuccess: settled,
  });
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Tags</h2>
      <ul className="chips" aria-label="Tags">
        {tags.map((tag) => (
          <li key={`${tag.type}:${tag.value}`} className="chip">
            <span>
              {tag.type}:{tag.value}
            </span>
            <GuardedButton
              permission={canTag}
              className="chip-remove"
              aria-label={`Remove tag ${tag.type}:${tag.value}`}
              onPress={() => remove.mutate(tag)}
            >
              ×
            </GuardedButton>
          </li>
        ))}
      </ul>
      <form
        className="row"
        onSubmit={(event) => {
          event.preventDefault();
          if (value.trim()) add.mutate();
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-type`}>Tag type</label>
          <input id={`${id}-type`} value={type} onChange={(event) => setType(event.target.value)} className="narrow" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-value`}>Tag value</label>
          <input id={`${id}-value`} value={value} onChange={(event) => setValue(event.target.value)} />
        </div>
        <GuardedButton permission={canTag} type="submit" className="button">
          Add tag
        </GuardedButton>
      </form>
      {(add.error || remove.error) && (
        <p role="alert" className="notice error">
          {(add.error ?? remove.error)!.message}
        </p>
      )}
    </section>
  );
}
