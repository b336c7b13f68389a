import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { useUserEvents } from '../../../market';
import { claimNotice } from './noticeClaims';
import { noticeShowsOn } from './noticePlace';
import { noticeText } from './noticeText';
import { currentNumberMarks } from '../../../components/number-marks';

/** Long enough to read a fill or a close with its P&L; the spec's 1.5 s is for short toasts. */
const NOTICE_MS = 3000;

/**
 * Shows the user's trade events (fills, closes, liquidations, seconds results) and auction news
 * (outbid, won, margin back) as a toast, in their language; copy notices only on the screens they
 * concern (noticePlace.ts). Mounted once at the app root; renders nothing itself.
 */
export function TradeNotices() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  useUserEvents((e) => {
    if (e.kind !== 'notice' || !noticeShowsOn(e.notice.kind, pathname) || !claimNotice(e.notice.kind, e.notice.ref.id))
      return;
    toast(noticeText(e.notice, t, i18n.exists(`trade.notice.${e.notice.kind}`), currentNumberMarks()), NOTICE_MS);
  });
  return null;
}
