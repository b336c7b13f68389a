import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyTraderState } from '../../../core';
import { applyTrader, myTrader } from '../../api/copytrade';
import { toastSuccess } from '../../lib/toast';

const NICK_RE = /^[\p{L}\p{N} _.·-]{2,20}$/u;

/** The reader's trader record, and the application form (filled from the last application), checked and sent. */
export function useBecomeTrader() {
  const { t } = useTranslation();
  const [s, setS] = useState<MyTraderState | null>(null);
  const [failed, setFailed] = useState(false);
  const [nickname, setNickname] = useState('');
  const [intro, setIntro] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    myTrader().then(
      (x) => {
        setS(x);
        setNickname(x.nickname ?? '');
        setIntro(x.introduction ?? '');
      },
      () => setFailed(true),
    );
  }, []);

  const nickError = NICK_RE.test(nickname.trim()) ? null : t('copy.err.nickname');
  const introError = [...intro.trim()].length > 200 ? t('copy.err.intro') : null;
  const submit = async () => {
    setTouched(true);
    if (nickError || introError) return;
    setPending(true);
    try {
      setS(await applyTrader(nickname.trim(), intro.trim()));
      toastSuccess(t('copy.applied'));
    } catch {
      /* shown by the client; the input stays */
    } finally {
      setPending(false);
    }
  };
  const form = { nickname, setNickname, intro, setIntro, touched, setTouched, nickError, introError, pending, submit };
  return { s, failed, form };
}

export type TraderApplication = ReturnType<typeof useBecomeTrader>['form'];
