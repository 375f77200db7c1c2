import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../../ui/modal-dialog';
import styles from './member-file.module.css';
import { MemberFilePanel } from './member-file-panel';

/**
 * A minor child's file opened by their guardian from « Ma famille » (docs/rules.md#members-file): the same as
 * « Mon dossier », the server letting an unrestricted guardian read and record it.
 */
export function ChildFileDialog({
  childId,
  childName,
  isOnline,
  onClose,
}: {
  childId: string;
  childName: string;
  isOnline: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ModalDialog title={t('myDossier.child_title', { name: childName })} onClose={onClose}>
      {() => (
        <div className={styles.dialogBody}>
          <p className={styles.note}>{t('myDossier.why')}</p>
          <MemberFilePanel userId={childId} isOnline={isOnline} />
        </div>
      )}
    </ModalDialog>
  );
}
