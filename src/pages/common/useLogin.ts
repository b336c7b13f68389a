import { useState } from 'react';
import { Form } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../lib/toast';
import { login, userInfo } from '../../api/user';
import { setToken, setUser } from '../../stores/session';
import { PATHS } from '../../nav/paths';

interface LoginForm {
  account: string;
  password: string;
}

/**
 * Logging in: the token, then the profile, then Home. Unlike the other forms, pending stays on after
 * a success (see below), so this page keeps its own flag rather than usePending.
 */
export function useLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<LoginForm>();
  const [pending, setPending] = useState(false);
  // registration hands over the new account so the user types only the password
  const fromRegister = (useLocation().state as { account?: unknown } | null)?.account;
  const initialAccount = typeof fromRegister === 'string' ? fromRegister : '';

  const onFinish = async (v: LoginForm) => {
    setPending(true);
    try {
      const token = await login({ user_string: v.account.trim(), password: v.password });
      setToken(token);
      try {
        setUser(await userInfo());
      } catch {
        /* the token is good; the profile is fetched again where it is shown */
      }
      toastSuccess(t('auth.loginOk'));
      // pending stays on: this page keeps rendering while it fades out, and its guard must not
      // send the user back Home if they have already tapped on to another page.
      navigate(PATHS.home, { replace: true });
    } catch {
      // the client has toasted the server's reason; the typed input stays for a retry
      setPending(false);
    }
  };

  return { form, pending, initialAccount, onFinish };
}
