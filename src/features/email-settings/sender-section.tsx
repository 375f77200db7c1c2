import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchMailSender, type MailSenderFacts, sendTestMail } from '../../data/email-settings';
import { errorText } from '../../i18n/error-text';
import form from '../../ui/form.module.css';
import styles from './email-settings.module.css';

/**
 * Who the club's mails come from and where answers go, as the server sends them (docs/rules.md#mails), and
 * « Envoyer un mail de test » to the Admin's own address through the club's real mail queue. Online only.
 */
export function SenderSection({ isOnline }: { isOnline: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [sender, setSender] = useState<MailSenderFacts | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const [result, setResult] = useState<{ sentTo: string } | { error: string } | null>(null);

  useEffect(() => {
    let isCurrent = true;
    fetchMailSender().then(
      (facts) => isCurrent && setSender(facts),
      (error: unknown) => isCurrent && setLoadError(errorText(t, error)),
    );
    return () => {
      isCurrent = false;
    };
  }, [t]);

  async function sendTest() {
    setSending(true);
    setResult(null);
    try {
      setResult({ sentTo: (await sendTestMail()).to });
    } catch (error) {
      setResult({ error: errorText(t, error) });
    } finally {
      setSending(false);
    }
  }

  const from = sender
    ? sender.from_name
      ? `${sender.from_name} <${sender.from_address}>`
      : sender.from_address
    : null;
  return (
    <section className={styles.sender} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('emailSettings.sender_title')}</h2>
      {loadError && (
        <p className={form.failure} role="alert">
          {t('emailSettings.sender_load_error')} {loadError}
        </p>
      )}
      {sender && (
        <dl className={styles.facts}>
          <div>
            <dt>{t('emailSettings.sender_from')}</dt>
            <dd>{from}</dd>
          </div>
          <div>
            <dt>{t('emailSettings.sender_reply_to')}</dt>
            <dd>{sender.reply_to ?? t('emailSettings.sender_reply_to_from')}</dd>
          </div>
        </dl>
      )}
      <p className={styles.intro}>{t('emailSettings.sender_where')}</p>
      <div>
        <button
          type="button"
          className="button"
          disabled={!isOnline || isSending}
          onClick={() => void sendTest()}
        >
          {isSending ? t('emailSettings.test_sending') : t('emailSettings.test_send')}
        </button>
      </div>
      <p role="status" className={result && 'error' in result ? form.failure : undefined}>
        {result
          ? 'error' in result
            ? result.error
            : t('emailSettings.test_sent', { email: result.sentTo })
          : ''}
      </p>
    </section>
  );
}
