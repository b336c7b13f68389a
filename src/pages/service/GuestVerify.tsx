import { useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { guestResend, guestVerify } from '../../api/service';
import { toastSuccess } from '../../lib/toast';
import s from './service.module.css';

/** A guest's email answers the code it was sent before our replies are mailed to it (they always show here). */
export function GuestVerify({ onVerified }: { onVerified: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<unknown>, then: () => void) => {
    setBusy(true);
    try {
      await fn();
      then();
    } catch {
      /* toasted by the client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={s.verify} data-testid="service-guest-verify">
      <p className={s.muted} id="guest-verify-hint">
        {t('service.verifyHint')}
      </p>
      <div className={s.verifyRow}>
        <Input
          className={s.codeInput}
          value={code}
          onChange={(v) => setCode(v.replace(/\D/g, '').slice(0, 6))}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder={t('service.code')}
          aria-label={t('service.code')}
          aria-describedby="guest-verify-hint"
        />
        <Button
          size="small"
          color="primary"
          disabled={busy || code.length !== 6}
          onClick={() => void run(() => guestVerify(code), onVerified)}
        >
          {t('service.verify')}
        </Button>
        <Button
          size="small"
          fill="none"
          color="primary"
          disabled={busy}
          onClick={() => void run(guestResend, () => toastSuccess(t('service.codeSent')))}
        >
          {t('service.resend')}
        </Button>
      </div>
    </div>
  );
}
