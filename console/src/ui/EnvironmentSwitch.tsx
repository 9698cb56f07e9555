import { useState } from 'react';
import { Switch } from 'react-aria-components';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * A flag's on/off switch in one environment, named "<flag> in <environment>". In a production environment the
 * change is asked once, in a dialog that names both.
 */
export function EnvironmentSwitch({
  flag,
  environment,
  environmentType,
  enabled,
  isDisabled,
  onChange,
}: {
  flag: string;
  environment: string;
  environmentType: string;
  enabled: boolean;
  isDisabled?: boolean;
  onChange: (enabled: boolean) => void;
}) {
  const [asking, setAsking] = useState<boolean | undefined>();
  const change = (next: boolean) => (environmentType === 'production' ? setAsking(next) : onChange(next));
  return (
    <>
      <Switch className="switch" isSelected={enabled} onChange={change} isDisabled={isDisabled} aria-label={`${flag} in ${environment}`}>
        <span className="switch-track" aria-hidden="true" />
      </Switch>
      {asking !== undefined && (
        <ConfirmDialog
          title={`Turn ${asking ? 'on' : 'off'} ${flag} in ${environment}?`}
          confirmLabel={`Turn ${asking ? 'on' : 'off'}`}
          onCancel={() => setAsking(undefined)}
          onConfirm={() => {
            onChange(asking);
            setAsking(undefined);
          }}
        >
          <p>
            <strong>{environment}</strong> is a production environment: the change reaches your users at once.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
