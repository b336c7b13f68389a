import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../core';
import { toastSuccess } from '../../lib/toast';
import { session, setLang } from '../../stores/session';
import { fiats, profile, setAccountLang, setFiat } from '../../api/profile';
import { useLoad } from '../../components/load/useLoad';

export type SettingSheet = 'lang' | 'price' | 'fiat' | null;

/** What the settings page reads (the profile, the fiat list when logged in) and the choices its sheets make. */
export function useSettings() {
  const { t } = useTranslation();
  const { token } = useSnapshot(session);
  const [sheet, setSheet] = useState<SettingSheet>(null);
  const [noticesOpen, setNoticesOpen] = useState(false);
  const me = useLoad(() => (token ? profile(true) : Promise.resolve(null)), [token]);
  const fiatList = useLoad(() => (token ? fiats() : Promise.resolve([])), [token]);

  const chooseLang = (l: Lang) => {
    setLang(l);
    setSheet(null);
    // the account's language decides what notices are written in; a failure changes nothing here
    if (token) void setAccountLang(l).catch(() => undefined);
  };
  const chooseFiat = async (code: string) => {
    setSheet(null);
    try {
      const f = await setFiat(code);
      session.fiat = { currency_code: f.currency_code, rate: f.rate, saveTime: Date.now() };
      toastSuccess(t('acct.saved'));
    } catch {
      /* toasted */
    }
  };
  return { sheet, setSheet, noticesOpen, setNoticesOpen, me, fiatList, chooseLang, chooseFiat };
}
