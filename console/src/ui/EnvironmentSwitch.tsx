import { useId, useState } from 'react';
import { Switch } from 'react-aria-components';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * A flag's on/off switch in one environment, named "<flag> in <environment>". In a production environment the
 * change is asked once, in a dialog that names both. A switch the person may not use is disabled with its reason.
 */
export function EnvironmentSwitch({
  flag,
  environment,
  environmentType,
  enabled,
  isDisabled,
  disabledReason,
  onChange,
}: {
  flag: string;
  environment: string;
  environmentType: string;
  enabled: boolean;
  isDisabled?: boolean;
  /** Why the switch is disabled (the permission it needs): its title and its description. */
  disabledReason?: string;
  onChange: (enabled: boolean) => void;
}) {
  const [asking, setAsking] = useState<boolean | undefined>();
  const reasonId = useId();
  const change = (next: boolean) => (environmentType === 'production' ? setAsking(next) : onChange(next));
  return (
    <>
      <Switch
        className="switch"
        isSelected={enabled}
        onChange={change}
        isDisabled={isDisabled || disabledReason !== undefined}
        aria-label={`${flag} in ${environment}`}
        aria-describedby={disabledReason === undefined ? undefined : reasonId}
      >
        <span className="switch-track" aria-hidden="true" title={disabledReason} />
      </Switch>
      {disabledReason !== undefined && (
        <span id={reasonId} className="visually-hidden">
          {disabledReason}
        </span>
      )}
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
