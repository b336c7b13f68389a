import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../useCountdown';
import { keepFocus } from '../keepFocus';
import styles from './CodeButton.module.css';

const RESEND_SECONDS = 60;

/**
 * "Send code" with its countdown. `send` validates the address and makes the call; it resolves
 * true when a code went out, and only then does the countdown start.
 */
export function CodeButton({ send }: { send: () => Promise<boolean> }) {
  const { t } = useTranslation();
  const [left, start] = useCountdown();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      if (await send()) start(RESEND_SECONDS);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      color="primary"
      fill="outline"
      className={styles.codeBtn}
      disabled={left > 0 || busy}
      loading={busy}
      onClick={onClick}
      onMouseDown={keepFocus}
    >
      {left > 0 ? t('auth.resendIn', { s: left }) : t('auth.sendCode')}
    </Button>
  );
}
