import {
  BlockStack,
  Button,
  Card,
  DropZone,
  InlineStack,
  Text,
  TextField,
  Thumbnail,
} from '@shopify/polaris';
import { api } from '../../api/client.ts';
import { useAction } from '../../api/useAction.ts';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { formatDateTime } from '../../lib/format.ts';
import type { SettingsView } from '../../shared/contract.ts';
import { STYLE_PHRASE_MAX_LENGTH, STYLE_REFERENCE_TYPES } from '../../shared/shop-style.ts';
import { t } from '../../i18n/index.ts';

interface Props {
  /** The phrase as edited under the save bar. */
  phrase: string;
  onPhraseChange: (phrase: string) => void;
  phraseError?: string;
  /** The reference image is saved at once (it is a file, not a field of the form). */
  reference: SettingsView['style']['reference'];
  onSaved: (settings: SettingsView) => void;
}

/** Settings → Style: the phrase every prompt gets, and the image the shop's photos follow. */
export function StyleCard({ phrase, onPhraseChange, phraseError, reference, onSaved }: Props) {
  const upload = useAction((file: File) =>
    api.putFile<SettingsView>('/settings/style/reference', file),
  );
  const remove = useAction(() => api.delete<SettingsView>('/settings/style/reference'));
  const error = upload.error ?? remove.error;

  const onDrop = async (_all: File[], accepted: File[]) => {
    const file = accepted[0];
    if (!file) return;
    const view = await upload.run(file);
    if (view) {
      onSaved(view);
      shopify.toast.show(t('settings.style.imageSaved'));
    }
  };
  const onRemove = async () => {
    const view = await remove.run();
    if (view) {
      onSaved(view);
      shopify.toast.show(t('settings.style.imageRemoved'));
    }
  };

  return (
    <Card>
      <BlockStack gap="400">
        <TextField
          label={t('settings.style.phrase')}
          value={phrase}
          onChange={onPhraseChange}
          autoComplete="off"
          maxLength={STYLE_PHRASE_MAX_LENGTH}
          showCharacterCount
          placeholder={t('settings.style.phrasePlaceholder')}
          helpText={t('settings.style.phraseHelp')}
          error={phraseError}
        />
        <BlockStack gap="200">
          <Text as="h3" variant="headingSm">
            {t('settings.style.image')}
          </Text>
          {reference ? (
            <InlineStack gap="300" blockAlign="center" wrap={false}>
              <Thumbnail source={reference.thumbnail} alt={t('settings.style.imageAlt')} />
              <BlockStack gap="100">
                <Text as="p">
                  {t(
                    reference.source === 'result'
                      ? 'settings.style.fromResult'
                      : 'settings.style.uploaded',
                    { date: formatDateTime(reference.setAt) },
                  )}
                </Text>
                <InlineStack gap="200">
                  <Button tone="critical" onClick={onRemove} loading={remove.pending}>
                    {t('settings.style.removeImage')}
                  </Button>
                </InlineStack>
              </BlockStack>
            </InlineStack>
          ) : null}
          <DropZone
            label={reference ? t('settings.style.replaceImage') : t('settings.style.chooseImage')}
            accept={STYLE_REFERENCE_TYPES.join(',')}
            type="image"
            allowMultiple={false}
            onDrop={onDrop}
            disabled={upload.pending}
          >
            <DropZone.FileUpload actionHint={t('settings.style.imageTypes')} />
          </DropZone>
          <Text as="p" tone="subdued">
            {t('settings.style.imageHelp')}
          </Text>
        </BlockStack>
        {error ? (
          <ErrorBanner
            title={t('settings.style.imageNotSaved')}
            error={error}
            onDismiss={() => {
              upload.clearError();
              remove.clearError();
            }}
          />
        ) : null}
      </BlockStack>
    </Card>
  );
}
