import { useEffect, useState } from 'react';
import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { COPY_LIMITS, COPY_TYPES, roundCopyMultiple, type CopyType, type TraderDetail } from '../../../core';
import { follow, traderDetail } from '../../api/copytrade';
import { toastSuccess } from '../../lib/toast';
import { confirmFollow } from './parts/confirmFollow';

/**
 * The number checked for its mode (a multiple is rounded to what the server keeps), and the
 * example of what it would copy.
 */
function checkFollow(t: TFunction, type: CopyType, number: string) {
  const multiple = type === COPY_TYPES.multiple;
  const max = Number(multiple ? COPY_LIMITS.maxMultiple : COPY_LIMITS.maxLots);
  const n = Number(number);
  const error =
    number === '' || !(n > 0) || n > max ? t(multiple ? 'copy.err.multiple' : 'copy.err.lots', { max }) : null;
  const rounded = multiple && !error ? roundCopyMultiple(number) : number;
  const example =
    multiple && !error
      ? t('copy.exampleMultiple', { n: rounded, lots: (10 * Number(rounded)).toString() })
      : t('copy.exampleLots', { n: number || '--' });
  return { multiple, error, rounded, example };
}

/**
 * The follow form for the trader in `?id=`: the mode and its number (the current follow's to start
 * with), its check and example, the agreement, and following after a confirmation.
 */
export function useFollowForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const [d, setD] = useState<TraderDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const [type, setType] = useState<CopyType>(COPY_TYPES.multiple);
  const [number, setNumber] = useState('1');
  const [touched, setTouched] = useState(false);
  const [agree, setAgree] = useState(false);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) {
      setFailed(true);
      return;
    }
    traderDetail(id).then(
      (x) => {
        setD(x);
        if (x.my_follow && x.my_state === 'following') {
          setType(x.my_follow.type);
          setNumber(x.my_follow.number);
        }
      },
      () => setFailed(true),
    );
  }, [id]);

  const { multiple, error, rounded, example } = checkFollow(t, type, number);

  /** another mode starts again from 1 */
  const pickType = (v: CopyType) => {
    setType(v);
    setNumber(v === COPY_TYPES.multiple ? '1' : '1');
  };

  const submit = async () => {
    setTouched(true);
    if (error || !d) return;
    if (!agree) {
      Dialog.alert({ content: t('copy.err.agree'), confirmText: t('common.gotIt') });
      return;
    }
    const setting = multiple ? t('copy.fixedMultipleOf', { n: rounded }) : t('copy.fixedLotsOf', { n: number });
    if (!(await confirmFollow(t, { name: d.nickname, setting, example }))) return;
    setPending(true);
    try {
      await follow(d.trader_user_id, type, rounded);
      toastSuccess(t('copy.followed'));
      navigate('/pages/copytrade/my', { replace: true });
    } catch {
      /* the client showed the message; the form keeps its input */
    } finally {
      setPending(false);
    }
  };

  return {
    d,
    failed,
    type,
    pickType,
    multiple,
    number,
    setNumber,
    touched,
    setTouched,
    error,
    example,
    agree,
    setAgree,
    pending,
    submit,
  };
}
