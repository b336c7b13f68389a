import { useEffect, useState } from 'react';
import type { ServiceStatus } from '../../../core';
import { serviceStatus } from '../../api/service';

/** Whether an operator is online (and the opening hours), asked now and every minute. */
export function useServiceStatus(): ServiceStatus | null {
  const [status, setStatus] = useState<ServiceStatus | null>(null);
  useEffect(() => {
    const load = () =>
      serviceStatus()
        .then(setStatus)
        .catch(() => undefined);
    void load();
    const timer = setInterval(load, 60_000);
    return () => clearInterval(timer);
  }, []);
  return status;
}
