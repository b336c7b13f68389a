import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../lib/toast';
import { getGa, saveGa } from '../../api/security';
import { useLoad } from '../../components/load/useLoad';
import { usePending } from '../../components/form/usePending';

/** The authenticator's setup (secret and QR, or bound) and binding it with a code from the app; the page re-reads it after. */
export function useBindGa() {
  const { t } = useTranslation();
  const load = useLoad(() => getGa());
  const [form] = Form.useForm<{ code: string }>();
  // a refusal (usually a wrong or expired code) was toasted by the client
  const [pending, run] = usePending();
  const onFinish = (v: { code: string }) =>
    run(async () => {
      await saveGa(v.code.trim());
      toastSuccess(t('acct.gaBound'));
      await load.reload();
    });
  return { load, form, pending, onFinish };
}
