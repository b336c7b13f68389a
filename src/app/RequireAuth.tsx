import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { CONSTANTS } from '../../core/types/api';
import { session } from '../stores/session';
import { toast } from '../lib/toast';
import { PATHS } from '../nav/paths';

/** Spec §2 access rule: no stored token → "please log in first", then the login page after 1.2 s. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token } = useSnapshot(session);
  const navigate = useNavigate();
  const { t } = useTranslation();
  useEffect(() => {
    if (token) return;
    toast(t('common.loginFirst'));
    const timer = setTimeout(() => navigate(PATHS.login, { replace: true }), CONSTANTS.redirectDelayMs);
    return () => clearTimeout(timer);
  }, [token, navigate, t]);
  return token ? children : null;
}
