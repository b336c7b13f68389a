import { useState } from 'react';
import { Form } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { toastSuccess } from '../../lib/toast';
import { checkEmail, register, sendMailCode } from '../../api/user';
import { session } from '../../stores/session';
import { site } from '../../stores/site';
import { PATHS } from '../../nav/paths';
import { AREAS } from '../../components/form/areaPick';
import { usePending } from '../../components/form/usePending';

interface RegisterForm {
  /** an email, or a mobile number (spec §3: register by either) */
  email: string;
  code: string;
  password: string;
  re_password: string;
  invite: string;
}

type RegisterKind = 'email' | 'mobile';

/**
 * Signing up by email or phone: the code sent to the address typed (checked first), then the code
 * checked and the account made; the login page then opens with the new account filled in.
 */
export function useRegister() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { config } = useSnapshot(site);
  const inviteRequired = !!config?.invite_required;
  const [form] = Form.useForm<RegisterForm>();
  // An invite link (setting/share) carries the inviter's code: prefill it.
  const [params] = useSearchParams();
  const inviteFromLink = params.get('invite_code') ?? '';
  const [pending, run] = usePending();
  const [kind, setKind] = useState<RegisterKind>('email');
  const [area, setArea] = useState(AREAS[0].iso);
  const areaCode = AREAS.find((a) => a.iso === area)?.code ?? AREAS[0].code;

  const switchKind = (k: string) => {
    setKind(k === 'mobile' ? 'mobile' : 'email');
    form.resetFields(['email', 'code']);
  };

  const sendCode = async (): Promise<boolean> => {
    try {
      await form.validateFields(['email']);
    } catch {
      return false;
    }
    try {
      await sendMailCode(
        String(form.getFieldValue('email')).trim(),
        'register',
        kind === 'mobile' ? areaCode : undefined,
      );
      toastSuccess(t(kind === 'email' ? 'auth.codeSent' : 'auth.codeSentPhone'));
      return true;
    } catch {
      return false;
    }
  };

  // a refusal's reason was toasted by the client; the form keeps what the user typed
  const onFinish = (v: RegisterForm) =>
    run(async () => {
      const user_string = v.email.trim();
      await checkEmail({ user_string, scene: 'register', email_code: v.code, lang: session.lang });
      await register({
        user_string,
        password: v.password,
        re_password: v.re_password,
        type: kind,
        ...(kind === 'mobile' ? { area_code: areaCode } : {}),
        code: v.code,
        extension_code: (v.invite ?? '').trim(),
      });
      toastSuccess(t('auth.registerOk'));
      // the login page opens with the new account filled in
      navigate(PATHS.login, { replace: true, state: { account: user_string } });
    });

  return { form, pending, kind, switchKind, area, setArea, inviteRequired, inviteFromLink, sendCode, onFinish };
}
