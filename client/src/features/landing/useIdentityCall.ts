import { useState } from 'react';
import { reportFailure } from '../../session/serviceStatus';
import { useToast } from '../../ui/Toasts';

/** What a failed call logs and the toast it shows. */
export interface CallFailure {
  log: string;
  /** 'Error.' unless the spec words it otherwise. */
  title?: string;
  description: string;
}

/**
 * A dialog's identity calls, one at a time: `busy` while one runs. A failure is logged, reported
 * (an unreachable service shows the restart notice) and told in a toast; without `failure` it is
 * left to the caller.
 */
export function useIdentityCall() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<void>, failure?: CallFailure) => {
    if (busy) return;
    setBusy(true);
    try {
      await call();
    } catch (error) {
      if (!failure) throw error;
      console.error(failure.log, error);
      reportFailure(error);
      toast({ title: failure.title ?? 'Error.', description: failure.description, variant: 'danger' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
