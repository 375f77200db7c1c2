import { useState } from 'react';
import { Icon } from '../../ui/icons';

interface PasswordInputProps {
  id: string;
  label: string;
  showLabel: string;
  hideLabel: string;
  value: string;
  onChange: (value: string) => void;
  describedBy?: string;
  isInvalid?: boolean;
}

/** A new-password field with its own show/hide toggle, as on the login screen. */
export function PasswordInput(props: PasswordInputProps) {
  const [isShown, setShown] = useState(false);
  const toggleLabel = isShown ? props.hideLabel : props.showLabel;
  return (
    <>
      <label htmlFor={props.id}>{props.label}</label>
      <div className="password-field">
        <input
          id={props.id}
          name={props.id}
          type={isShown ? 'text' : 'password'}
          autoComplete="new-password"
          required
          value={props.value}
          aria-describedby={props.describedBy}
          aria-invalid={props.isInvalid || undefined}
          onChange={(event) => props.onChange(event.target.value)}
        />
        <button
          type="button"
          className="icon-button"
          aria-pressed={isShown}
          aria-label={toggleLabel}
          title={toggleLabel}
          onClick={() => setShown(!isShown)}
        >
          <Icon name="eye" />
        </button>
      </div>
    </>
  );
}
