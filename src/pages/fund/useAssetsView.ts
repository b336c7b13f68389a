import { useState } from 'react';
import { assets } from '../../api/funds';
import { useLoad } from '../../components/load/useLoad';

const HIDE_KEY = 'assets.hidden';
const HIDE_SMALL_KEY = 'assets.hideSmall';

/** The Assets tab's data and how the user views it: the account tab, amounts hidden, the coin search, small balances hidden (the two switches remembered). */
export function useAssetsView() {
  const load = useLoad(() => assets());
  const [tab, setTab] = useState<string>('change');
  const [hidden, setHidden] = useState(() => localStorage.getItem(HIDE_KEY) === '1');
  const toggleHidden = () => {
    localStorage.setItem(HIDE_KEY, hidden ? '0' : '1');
    setHidden(!hidden);
  };
  const [query, setQuery] = useState('');
  const [hideSmall, setHideSmall] = useState(() => localStorage.getItem(HIDE_SMALL_KEY) === '1');
  const toggleSmall = (on: boolean) => {
    localStorage.setItem(HIDE_SMALL_KEY, on ? '1' : '0');
    setHideSmall(on);
  };
  return { load, tab, setTab, hidden, toggleHidden, query, setQuery, hideSmall, toggleSmall };
}
