import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text';

/** A password screen's one request: pending while it runs, done once it succeeded, a refusal in words. */
export function useSubmission() {
  const { t } = useTranslation();
  const [isPending, setPending] = useState(false);
  const [isDone, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(request: () => Promise<unknown>): Promise<void> {
    setPending(true);
    setError(null);
    try {
      await request();
      setDone(true);
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setPending(false);
    }
  }

  return { isPending, isDone, error, setError, run };
}
