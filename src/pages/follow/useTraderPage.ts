import { useCallback, useEffect, useState } from 'react';
import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { TraderDetail } from '../../../core';
import { cancelFollow, traderDetail } from '../../api/copytrade';
import { toastSuccess } from '../../lib/toast';
import { session } from '../../stores/session';

/** The trader in `?id=` (read again when the reader signs in or out), and following or cancelling a follow. */
export function useTraderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const { token } = useSnapshot(session);
  const [d, setD] = useState<TraderDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setD(await traderDetail(id));
    } catch {
      setFailed(true);
    }
  }, [id]);
  useEffect(() => {
    if (Number.isInteger(id) && id > 0) void load();
    else setFailed(true);
  }, [id, load, token]);

  const goFollow = () => navigate(token ? `/pages/follow/follow?id=${id}` : '/pages/common/login');
  const cancel = async () => {
    if (!d?.my_follow) return;
    const ok = await Dialog.confirm({
      content: t('copy.cancelConfirm', { name: d.nickname }),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      await cancelFollow(d.trader_user_id);
      toastSuccess(t('copy.cancelled'));
      await load();
    } catch {
      /* the client showed the message */
    } finally {
      setBusy(false);
    }
  };
  return { d, failed, busy, goFollow, cancel };
}
