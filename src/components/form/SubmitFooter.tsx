import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { keepFocus } from '../keepFocus';

export interface SubmitFooterProps {
  children: ReactNode;
  /** a submission is in flight: the button spins and takes no second press */
  pending: boolean;
  /** another reason the form cannot go yet (e.g. nothing to quote, same account twice) */
  disabled?: boolean;
}

/** The full-width submit button under a form; pressing it keeps the keyboard's field focused until the click lands. */
export function SubmitFooter({ children, pending, disabled }: SubmitFooterProps) {
  return (
    <Button
      block
      type="submit"
      color="primary"
      size="large"
      loading={pending}
      disabled={pending || disabled}
      onMouseDown={keepFocus}
    >
      {children}
    </Button>
  );
}
