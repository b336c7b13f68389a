import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../lib/toast';
import { bindEmail, bindMobile, emailSend, smsSend } from '../../api/security';
import { pickedArea } from '../../components/form/areaPick';
import { usePending } from '../../components/form/usePending';

export type BindKind = 'email' | 'mobile';

interface BindValues {
  target: string;
  code: string;
}

/**
 * Binding an email or a phone: send a code to the address typed (checked first), then bind it with
 * the code. A phone goes with the calling code picked on the areas page.
 */
export function useBindTarget(kind: BindKind, onDone: () => void) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BindValues>();
  const [pending, run] = usePending();
  const area = pickedArea();

  const send = async () => {
    try {
      await form.validateFields(['target']);
    } catch {
      return false;
    }
    const target = String(form.getFieldValue('target')).trim();
    try {
      if (kind === 'email') await emailSend(target);
      else await smsSend(target, area.code);
      toastSuccess(t(kind === 'email' ? 'auth.codeSent' : 'auth.codeSentPhone'));
      return true;
    } catch {
      return false;
    }
  };

  const onFinish = (v: BindValues) =>
    run(async () => {
      if (kind === 'email') await bindEmail({ email: v.target.trim(), code: v.code });
      else await bindMobile({ mobile: v.target.trim(), code: v.code, area_code: area.code });
      toastSuccess(t('acct.bindDone'));
      onDone();
    });

  return { form, pending, area, send, onFinish };
}
