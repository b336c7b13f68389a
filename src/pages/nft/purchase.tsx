import { Badge } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { PagedList } from '../../components/list/PagedList';
import { useNow } from '../../components/product/useNow';
import { myNftOrders } from '../../api/nft';
import { OrderRow } from './orders';
import s from './nft.module.css';

/**
 * The purchase record (/bind_box/getMyNFTOrders): every buy, resale, box and won auction, newest
 * first, read a page at a time as the list scrolls; a row opens its receipt.
 */
export default function Purchases() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const now = useNow();
  return (
    <PageFrame title={t('route.nft.purchase')}>
      <PagedList
        fetchPage={myNftOrders}
        itemKey={(o) => o.id}
        emptyText={t('nft.noOrders')}
        testId="nft-purchases"
        renderItem={(o) => (
          <button
            type="button"
            className={s.person}
            onClick={() => navigate(`/pages/nft/purchase_one?id=${o.id}`)}
            data-testid={`nft-purchase-${o.code}`}
          >
            <OrderRow o={o} now={now} />
            {o.kind === 'auction' && !o.is_read ? <Badge content={Badge.dot} aria-label={t('nft.unread')} /> : null}
          </button>
        )}
      />
    </PageFrame>
  );
}
