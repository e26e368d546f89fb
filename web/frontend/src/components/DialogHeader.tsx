import { Button, Text } from '@shopify/polaris';
import { XIcon } from '@shopify/polaris-icons';
import { t } from '../i18n/index.ts';
import styles from './Dialog.module.css';

/** The top of the app's native dialogs (confirmations, the viewer): the title that names the dialog, and Close. */
export function DialogHeader({
  titleId,
  title,
  onClose,
}: {
  titleId: string;
  title: string;
  onClose: () => void;
}) {
  return (
    <div className={styles.header}>
      <Text as="h2" variant="headingMd" id={titleId} breakWord>
        {title}
      </Text>
      <Button
        variant="tertiary"
        icon={XIcon}
        accessibilityLabel={t('common.close')}
        onClick={onClose}
      />
    </div>
  );
}
