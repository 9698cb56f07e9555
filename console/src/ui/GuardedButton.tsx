import './controls.css';
import { useId, type ReactNode } from 'react';
import { Button, type ButtonProps } from 'react-aria-components';
import type { Permission } from '../app/permissions';

/** A button the person may not press is disabled, and says which permission it needs (hover or screen reader). */
export function GuardedButton({ permission, children, ...props }: ButtonProps & { permission: Permission; children: ReactNode }) {
  const reasonId = useId();
  if (permission.allowed) return <Button {...props}>{children}</Button>;
  return (
    <span className="guarded" title={permission.reason}>
      <Button {...props} isDisabled aria-describedby={reasonId}>
        {children}
      </Button>
      <span id={reasonId} className="visually-hidden">
        {permission.reason}
      </span>
    </span>
  );
}
