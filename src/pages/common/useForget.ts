import { Form } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../lib/toast';
import { forget, sendMailCode } from '../../api/user';
import { PATHS } from '../../nav/paths';
import { usePending } from '../../components/form/usePending';

interface ForgetForm {
  account: string;
  code: string;
  password: string;
  repassword: string;
}

/** Resetting a forgotten password: a code sent to the account (checked first), then the new password; then log in. */
export function useForget() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<ForgetForm>();
  const [pending, run] = usePending();

  const sendCode = async (): Promise<boolean> => {
    try {
      await form.validateFields(['account']);
    } catch {
      return false;
    }
    try {
      const account = String(form.getFieldValue('account')).trim();
      await sendMailCode(account, 'forget');
      // the code goes where the account is: a mailbox, or a phone's text messages
      toastSuccess(t(account.includes('@') ? 'auth.codeSent' : 'auth.codeSentPhone'));
      return true;
    } catch {
      return false;
    }
  };

  // a refusal's reason was toasted by the client; the input stays
  const onFinish = (v: ForgetForm) =>
    run(async () => {
      await forget({ account: v.account.trim(), password: v.password, repassword: v.repassword, code: v.code });
      toastSuccess(t('auth.resetOk'));
      navigate(PATHS.login, { replace: true });
    });

  return { form, pending, sendCode, onFinish };
}
