import { Avatar, Form, ImageUploader, Input, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { toast } from '../../lib/toast';
import { LoadState } from '../../components/load/LoadState';
import { VerticalForm } from '../../components/form/VerticalForm';
import { nameRule, useUserInfo } from './useUserInfo';
import styles from '../../components/account.module.css';

export default function UserInfoPage() {
  const { t } = useTranslation();
  const { load, form, pending, onAvatar, onFinish } = useUserInfo();
  return (
    <PageFrame title={t('route.setting.userInfo')}>
      <LoadState load={load}>
        {(p) => (
          <div className={styles.wrap}>
            <AvatarHead p={p} onAvatar={onAvatar} />
            <List className={styles.list}>
              <List.Item extra={p.account}>{t('acct.accountLabel')}</List.Item>
              <List.Item extra={p.invite_code}>{t('acct.inviteCode')}</List.Item>
              <List.Item extra={String(p.credit_score)}>{t('acct.creditScore')}</List.Item>
              <List.Item extra={t(`acct.level.${p.level_name}`)}>{t('acct.kycLevel')}</List.Item>
            </List>
            <VerticalForm
              form={form}
              initialValues={{ nickname: p.nickname, signature: p.signature }}
              onFinish={onFinish}
              pending={pending}
              submit={t('acct.save')}
            >
              <Form.Item
                name="nickname"
                label={t('acct.nickname')}
                validateTrigger="onBlur"
                rules={[nameRule(t, 2, 10, 'nickname')]}
              >
                <Input maxLength={10} placeholder={t('acct.nicknamePlaceholder')} clearable />
              </Form.Item>
              <Form.Item
                name="signature"
                label={t('acct.signature')}
                validateTrigger="onBlur"
                rules={[nameRule(t, 2, 30, 'signature')]}
              >
                <Input maxLength={30} placeholder={t('acct.signaturePlaceholder')} clearable />
              </Form.Item>
            </VerticalForm>
          </div>
        )}
      </LoadState>
    </PageFrame>
  );
}

/** The avatar (tap to upload a new one) beside the nickname. */
function AvatarHead({ p, onAvatar }: { p: Profile; onAvatar: (f: File) => Promise<{ url: string }> }) {
  const { t } = useTranslation();
  return (
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
  );
}
