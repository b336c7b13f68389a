import { Button, Form, Input, Result, Selector, Steps } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ID_TYPES, kycStateOf, type IdType, type KycState, type RealState } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { toastSuccess } from '../../lib/toast';
import { pathOf } from '../../nav/paths';
import { realState, submitReal } from '../../api/security';
import { useLoad } from '../../components/load/useLoad';
import { LoadState } from '../../components/load/LoadState';
import { ImageField } from '../../components/form/ImageField';
import { VerticalForm } from '../../components/form/VerticalForm';
import { usePending } from '../../components/form/usePending';
import { uploadImage } from '../../api/profile';
import { DetailRows } from '../../components/funds/DetailRows';
import { Amount } from '../../components/funds/Amount';
import styles from '../../components/account.module.css';

/** The answer's review codes as the words our labels are keyed by. */
type RealView = RealState & { state1: KycState; state2: KycState };
const withWords = (r: RealState): RealView => ({
  ...r,
  state1: kycStateOf(r.review_status),
  state2: kycStateOf(r.advanced_review_status),
});

const STEP_STATUS: Record<KycState, 'wait' | 'process' | 'finish' | 'error'> = {
  none: 'wait',
  verifying: 'process',
  verified: 'finish',
  failed: 'error',
};

/** Identity verification in two levels: 1 the document (type, name, number), 2 its photos. */
export default function RealPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const load = useLoad(() => realState().then(withWords));
  return (
    <PageFrame title={t('route.setting.real')}>
      <LoadState load={load}>
        {(s) => (
          <div className={styles.wrap}>
            <Steps current={s.state1 === 'verified' ? 1 : 0}>
              <Steps.Step
                title={t('acct.kyc1')}
                status={STEP_STATUS[s.state1]}
                description={t(`acct.kycState.${s.state1}`)}
              />
              <Steps.Step
                title={t('acct.kyc2')}
                status={STEP_STATUS[s.state2]}
                description={t(`acct.kycState.${s.state2}`)}
              />
            </Steps>
            <div data-testid="kyc-state" data-state1={s.state1} data-state2={s.state2} />
            <Body s={s} onChanged={load.reload} goSecurity={() => navigate(pathOf('setting/security'))} />
            <section className={styles.card}>
              <DetailRows
                rows={[
                  [t('acct.kycLevel'), t(`acct.level.${s.level_name}`)],
                  [t('acct.limit24h'), <Amount value={s.limits.withdraw_24h_btc} suffix="BTC" />],
                  [t('acct.fiatOrderLimit'), <Amount value={s.limits.fiat_order_usdt} suffix="USDT" />],
                ]}
              />
            </section>
          </div>
        )}
      </LoadState>
    </PageFrame>
  );
}

function Body({ s, onChanged, goSecurity }: { s: RealView; onChanged: () => Promise<void>; goSecurity: () => void }) {
  const { t } = useTranslation();
  if (s.state1 === 'verified' && s.state2 === 'verified')
    return <Result status="success" title={t('acct.kycDone')} description={`${s.name} · ${s.card_id}`} />;
  if (!s.can_submit)
    return (
      <Result
        status="warning"
        title={t('acct.kycNeedsBinding')}
        description={
          <>
            {t('acct.kycNeedsBindingHint')}
            <div className={styles.center} style={{ marginTop: 12 }}>
              <Button color="primary" size="small" onClick={goSecurity}>
                {t('route.setting.security')}
              </Button>
            </div>
          </>
        }
      />
    );
  const failedNote = s.reason ? (
    <p className={styles.hint} style={{ color: 'var(--danger)' }}>
      {t('acct.reason', { reason: s.reason })}
    </p>
  ) : null;
  if (s.state1 === 'verifying' || (s.state1 === 'verified' && s.state2 === 'verifying'))
    return (
      <Result
        status="waiting"
        title={t('acct.kycVerifying')}
        description={t('acct.kycVerifyingHint')}
        data-testid="kyc-verifying"
      />
    );
  if (s.state1 !== 'verified')
    return (
      <>
        {s.state1 === 'failed' ? failedNote : null}
        <Level1 onDone={onChanged} />
      </>
    );
  return (
    <>
      {s.state2 === 'failed' ? failedNote : null}
      <Level2 onDone={onChanged} />
    </>
  );
}

interface Level1Values {
  id_type: IdType[];
  name: string;
  card_id: string;
}

/** Level 1: the document's type, the name on it and its number. */
function Level1({ onDone }: { onDone: () => Promise<void> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Level1Values>();
  const [pending, run] = usePending();
  const onFinish = (v: Level1Values) =>
    run(async () => {
      await submitReal({ real_type: 1, id_type: v.id_type[0], name: v.name.trim(), card_id: v.card_id.trim() });
      toastSuccess(t('acct.submitted'));
      await onDone();
    });
  return (
    <VerticalForm
      form={form}
      initialValues={{ id_type: ['id_card'] }}
      onFinish={onFinish}
      pending={pending}
      submit={t('acct.submit')}
    >
      <Form.Item
        name="id_type"
        label={t('acct.idType')}
        rules={[{ required: true, message: t('acct.idTypeRequired') }]}
      >
        <Selector columns={3} options={ID_TYPES.map((x) => ({ label: t(`acct.idTypes.${x}`), value: x }))} />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('acct.realName')}
        validateTrigger="onBlur"
        rules={[
          { required: true, whitespace: true, message: t('acct.realNameRequired') },
          { max: 64, message: t('acct.tooLong') },
        ]}
      >
        <Input autoComplete="name" placeholder={t('acct.realNamePlaceholder')} clearable />
      </Form.Item>
      <Form.Item
        name="card_id"
        label={t('acct.idNumber')}
        validateTrigger="onBlur"
        rules={[
          { required: true, whitespace: true, message: t('acct.idNumberRequired') },
          { pattern: /^[A-Za-z0-9-]{5,32}$/, message: t('acct.idNumberInvalid') },
        ]}
      >
        <Input autoComplete="off" placeholder={t('acct.idNumberPlaceholder')} clearable />
      </Form.Item>
    </VerticalForm>
  );
}

interface Level2Values {
  front_pic: string;
  reverse_pic: string;
}

/** Level 2: photos of the document's two sides. */
function Level2({ onDone }: { onDone: () => Promise<void> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Level2Values>();
  const [pending, run] = usePending();
  const onFinish = (v: Level2Values) =>
    run(async () => {
      await submitReal({ real_type: 2, front_pic: v.front_pic, reverse_pic: v.reverse_pic });
      toastSuccess(t('acct.submitted'));
      await onDone();
    });
  return (
    <VerticalForm form={form} onFinish={onFinish} pending={pending} submit={t('acct.submit')}>
      <p className={styles.hint}>{t('acct.photoHint')}</p>
      <Form.Item
        name="front_pic"
        label={t('acct.frontPic')}
        rules={[{ required: true, message: t('acct.photoRequired') }]}
      >
        <ImageField upload={uploadImage} label={t('acct.frontPic')} testId="front-pic" />
      </Form.Item>
      <Form.Item
        name="reverse_pic"
        label={t('acct.reversePic')}
        rules={[{ required: true, message: t('acct.photoRequired') }]}
      >
        <ImageField upload={uploadImage} label={t('acct.reversePic')} testId="reverse-pic" />
      </Form.Item>
    </VerticalForm>
  );
}
