import { useState } from 'react';
import { useLoad } from '../../components/product/shared';
import { myAds, otcMerchant } from '../../api/otc';

/** The merchant's record and ads, the application's name field, the post-ad sheet, and acting then reloading both. */
export function useMerchantPanel() {
  const me = useLoad(() => otcMerchant(), []);
  const ads = useLoad(() => myAds(), []);
  const [name, setName] = useState('');
  const [posting, setPosting] = useState(false);
  /** run a change (its failure is toasted), then reload what it may have changed */
  const act = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
    } catch {
      /* toasted */
    }
    void me.reload();
    void ads.reload();
  };
  return { me, ads, name, setName, posting, setPosting, act };
}
