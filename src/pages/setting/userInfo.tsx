import { useState } from 'react';
import { Avatar, Button, Form, ImageUploader, Input, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { toast, toastSuccess } from '../../lib/toast';
import { keepFocus } from '../../components/keepFocus';
import { editNickname, profile, uploadHeadPortrait, uploadImage } from '../../api/profile';
import { setUser, session } from '../../stores/session';
import { useLoad } from '../../components/load/useLoad';
import { LoadState } from '../../components/load/LoadState';
import styles from '../../components/account.module.css';

/** Spec §5: letters (Chinese included), digits; nickname 2–10, signature 2–30. */
const NAME_RE = /^[\p{L}\p{N}]+$/u;

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

export default function UserInfoPage() {
  const { t } = useTranslation();
  const load = useLoad(() => profile());
  const [form] = Form.useForm<{ nickname: string; signature: string }>();
  const [pending, setPending] = useState(false);

  const lenRule = (min: number, max: number, key: string) => ({
    validator: (_r: unknown, v: string | undefined) => {
      const s = (v ?? '').trim();
      if (!s) return Promise.reject(new Error(t(`acct.${key}Required`)));
      const n = [...s].length;
      return n >= min && n <= max && NAME_RE.test(s)
        ? Promise.resolve()
        : Promise.reject(new Error(t(`acct.${key}Rule`, { min, max })));
    },
  });

  const onAvatar = async (file: File) => {
    const ref = await uploadImage(file);
    const p = await uploadHeadPortrait(ref);
    syncSession(p);
    await load.reload();
    toastSuccess(t('acct.saved'));
    return { url: p.avatar_url || URL.createObjectURL(file) };
  };

  const onFinish = async (v: { nickname: string; signature: string }) => {
    setPending(true);
    try {
      const p = await editNickname({ nickname: v.nickname.trim(), signature: v.signature.trim() });
      syncSession(p);
      toastSuccess(t('acct.saved'));
    } catch {
      /* toasted */
    } finally {
      setPending(false);
    }
  };

  return (
    <PageFrame title={t('route.setting.userInfo')}>
      <LoadState load={load}>
        {(p) => (
          <div className={styles.wrap}>
            <div className={styles.head}>
              <ImageUploader
                maxCount={1}
                value={[]}
                accept="image/png,image/jpeg,image/webp"
                upload={async (f) => {
                  try {
                    return await onAvatar(f);
                  } catch (e) {
                    toast((e as Error).message || t('acct.uploadFailed'));
                    throw e;
                  }
                }}
              >
                <Avatar
                  src={p.avatar_url}
                  style={{ '--size': '64px', '--border-radius': '50%' }}
                  aria-label={t('acct.changeAvatar')}
                />
              </ImageUploader>
              <div>
                <div className={styles.headName}>{p.nickname}</div>
                <div className={styles.headSub}>{t('acct.tapToChange')}</div>
              </div>
            </div>
            <List className={styles.list}>
              <List.Item extra={p.account}>{t('acct.accountLabel')}</List.Item>
              <List.Item extra={p.invite_code}>{t('acct.inviteCode')}</List.Item>
              <List.Item extra={String(p.credit_score)}>{t('acct.creditScore')}</List.Item>
              <List.Item extra={t(`acct.level.${p.level_name}`)}>{t('acct.kycLevel')}</List.Item>
            </List>
            <Form
              form={form}
              layout="vertical"
              className={styles.form}
              initialValues={{ nickname: p.nickname, signature: p.signature }}
              onFinish={onFinish}
              requiredMarkStyle="none"
              footer={
                <Button
                  block
                  type="submit"
                  color="primary"
                  size="large"
                  loading={pending}
                  disabled={pending}
                  onMouseDown={keepFocus}
                >
                  {t('acct.save')}
                </Button>
              }
            >
              <Form.Item
                name="nickname"
                label={t('acct.nickname')}
                validateTrigger="onBlur"
                rules={[lenRule(2, 10, 'nickname')]}
              >
                <Input maxLength={10} placeholder={t('acct.nicknamePlaceholder')} clearable />
              </Form.Item>
              <Form.Item
                name="signature"
                label={t('acct.signature')}
                validateTrigger="onBlur"
                rules={[lenRule(2, 30, 'signature')]}
              >
                <Input maxLength={30} placeholder={t('acct.signaturePlaceholder')} clearable />
              </Form.Item>
            </Form>
          </div>
        )}
      </LoadState>
    </PageFrame>
  );
}
