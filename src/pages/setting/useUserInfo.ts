import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Profile } from '../../../core';
import { toastSuccess } from '../../lib/toast';
import { editNickname, profile, uploadHeadPortrait, uploadImage } from '../../api/profile';
import { setUser, session } from '../../stores/session';
import { useLoad } from '../../components/load/useLoad';
import { usePending } from '../../components/form/usePending';

interface NameValues {
  nickname: string;
  signature: string;
}

/** Spec §5: letters (Chinese included), digits; nickname 2–10, signature 2–30. */
const NAME_RE = /^[\p{L}\p{N}]+$/u;

/** The rule of a nickname or signature (`key`): present, `min`–`max` letters and digits. */
export function nameRule(t: TFunction, min: number, max: number, key: string) {
  return {
    validator: (_r: unknown, v: string | undefined) => {
      const s = (v ?? '').trim();
      if (!s) return Promise.reject(new Error(t(`acct.${key}Required`)));
      const n = [...s].length;
      return n >= min && n <= max && NAME_RE.test(s)
        ? Promise.resolve()
        : Promise.reject(new Error(t(`acct.${key}Rule`, { min, max })));
    },
  };
}

/** The header and menu read the session's user: keep it in step with the saved profile. */
function syncSession(p: Profile) {
  setUser({
    ...(session.user ?? {}),
    id: p.id,
    nickname: p.nickname,
    head_portrait: p.avatar_url,
    account: p.account,
    email: p.email ?? undefined,
    mobile: p.mobile ?? undefined,
  });
}

/** The profile page's state: the profile, a new avatar (uploaded, then set), and saving nickname and signature. */
export function useUserInfo() {
  const { t } = useTranslation();
  const load = useLoad(() => profile());
  const [form] = Form.useForm<NameValues>();
  const [pending, run] = usePending();

  const onAvatar = async (file: File) => {
    const ref = await uploadImage(file);
    const p = await uploadHeadPortrait(ref);
    syncSession(p);
    await load.reload();
    toastSuccess(t('acct.saved'));
    return { url: p.avatar_url || URL.createObjectURL(file) };
  };

  const onFinish = (v: NameValues) =>
    run(async () => {
      const p = await editNickname({ nickname: v.nickname.trim(), signature: v.signature.trim() });
      syncSession(p);
      toastSuccess(t('acct.saved'));
    });

  return { load, form, pending, onAvatar, onFinish };
}
