import type { ReactNode } from 'react';
import { PageFrame } from '../PageFrame';
import { LoadState } from '../load/LoadState';
import type { Loaded } from '../load/useLoad';
import styles from './form-page.module.css';

/** The padded column every form page lays its form in. */
function FormColumn({ children }: { children: ReactNode }) {
  return <div className={styles.wrap}>{children}</div>;
}

interface FrameProps {
  title: ReactNode;
  /** the bar's right slot (e.g. Records) */
  right?: ReactNode;
  /** sheets and pickers that live outside the column (they open over the page) */
  overlays?: ReactNode;
}

type FormPageProps<T> = FrameProps &
  ({ load?: undefined; children: ReactNode } | { load: Loaded<T>; children: (data: T) => ReactNode });

/**
 * A form page: the bar, then the column; with `load`, the skeleton or retry until the data is
 * there, and the column drawn from it.
 */
export function FormPage<T>(props: FormPageProps<T>) {
  const { title, right, overlays } = props;
  return (
    <PageFrame title={title} right={right}>
      {props.load ? (
        <LoadState load={props.load}>{(data) => <FormColumn>{props.children(data)}</FormColumn>}</LoadState>
      ) : (
        <FormColumn>{props.children}</FormColumn>
      )}
      {overlays}
    </PageFrame>
  );
}
