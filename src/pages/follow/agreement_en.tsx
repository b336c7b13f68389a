import { Agreement } from './parts/Agreement';

/** The copy-trading agreement in English. */
export default function AgreementEn() {
  return <Agreement lang="en" />;
}
