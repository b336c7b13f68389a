import { Agreement } from './parts/Agreement';

/** The copy-trading agreement in Chinese. */
export default function AgreementZh() {
  return <Agreement lang="zh" />;
}
