import { BlockStack, Button, Card, Icon, InlineStack, ProgressBar, Text } from '@shopify/polaris';
import { CheckCircleIcon } from '@shopify/polaris-icons';
import { useId, useState } from 'react';
import { api } from '../../api/client.ts';
import { useAction } from '../../api/useAction.ts';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import type { OverviewView, SetupGuideView } from '../../shared/contract.ts';
import { t } from '../../i18n/index.ts';

/** A task not done yet: the empty dashed circle of Polaris's setup guide (no icon of its own). */
function OpenCircleIcon(props: React.SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 20 20" {...props}>
      <circle cx="10" cy="10" r="6.5" fill="none" stroke="currentColor" strokeDasharray="2.5 2" />
    </svg>
  );
}

interface Task {
  id: string;
  title: string;
  done: boolean;
  text: string;
  action: { content: string; url: string };
}

/** The three steps to a first photo, each ticked off from the shop's real state. */
function tasksOf(overview: OverviewView): Task[] {
  const { apiKeyState, webhookConnectedAt } = overview.connection;
  return [
    {
      id: 'key',
      title: t('overview.setup.keyTitle'),
      done: apiKeyState === 'valid',
      text:
        apiKeyState === 'invalid' ? t('overview.setup.keyRefused') : t('overview.setup.keyText'),
      action: { content: t('overview.setup.keyAction'), url: '/settings' },
    },
    {
      id: 'webhook',
      title: t('overview.setup.webhookTitle'),
      done: webhookConnectedAt !== null,
      text: t('overview.setup.webhookText'),
      action: { content: t('overview.setup.webhookAction'), url: '/settings' },
    },
    {
      id: 'photo',
      title: t('overview.setup.photoTitle'),
      done: (overview.active.published ?? 0) > 0,
      text: t('overview.setup.photoText'),
      action: { content: t('overview.setup.photoAction'), url: '/generate' },
    },
  ];
}

/**
 * Polaris's setup guide: a card with a checklist that ticks itself off from the shop's state
 * (the Overview's own data, refreshed with it), the next task open with its action, and a way
 * to dismiss it once every task is done. The dismissal is the shop's, kept on the server
 * (`POST /api/setup-guide/dismiss`): it holds in every browser and for every staff member (kept
 * in one browser's storage, the guide came back in another).
 */
export function SetupGuideCard({ overview }: { overview: OverviewView }) {
  // Hidden at the click; the server's answer (and every later Overview) keeps it so.
  const [dismissedHere, setDismissedHere] = useState(false);
  const dismissal = useAction(() => api.post<SetupGuideView>('/setup-guide/dismiss'));
  const countId = useId();
  const headingId = useId();
  const tasks = tasksOf(overview);
  const doneCount = tasks.filter((task) => task.done).length;
  const complete = doneCount === tasks.length;
  const dismissed = overview.setupGuide.dismissedAt !== null || dismissedHere;
  if (dismissed && complete) return null;
  const next = tasks.find((task) => !task.done);
  const dismiss = async () => {
    setDismissedHere(true);
    // Not kept: the guide comes back with the reason, to dismiss again.
    if (!(await dismissal.run())) setDismissedHere(false);
  };
  return (
    <section aria-labelledby={headingId}>
      <Card>
        <BlockStack gap="400">
          <BlockStack gap="200">
            <InlineStack align="space-between" blockAlign="center">
              <Text as="h2" variant="headingMd" id={headingId}>
                {t('overview.setup.heading')}
              </Text>
              {complete ? (
                <Button
                  variant="plain"
                  onClick={() => void dismiss()}
                  accessibilityLabel={t('overview.setup.dismissLabel')}
                >
                  {t('overview.setup.dismiss')}
                </Button>
              ) : null}
            </InlineStack>
            <Text as="p" tone="subdued">
              {t('overview.setup.intro')}
            </Text>
            {dismissal.error ? (
              <ErrorBanner error={dismissal.error} onDismiss={dismissal.clearError} />
            ) : null}
            <InlineStack gap="200" blockAlign="center" wrap={false}>
              <span id={countId} aria-live="polite">
                <Text as="span" variant="bodySm">
                  {t('overview.setup.progress', { count: doneCount, total: tasks.length })}
                </Text>
              </span>
              <div style={{ flexGrow: 1 }}>
                <ProgressBar
                  progress={Math.round((doneCount / tasks.length) * 100)}
                  size="small"
                  tone="primary"
                  ariaLabelledBy={countId}
                />
              </div>
            </InlineStack>
          </BlockStack>
          <BlockStack as="ul" gap="300">
            {tasks.map((task) => (
              <li key={task.id} style={{ listStyle: 'none' }} data-task={task.id}>
                <InlineStack gap="300" blockAlign="start" wrap={false}>
                  <div>
                    <Icon
                      source={task.done ? CheckCircleIcon : OpenCircleIcon}
                      tone={task.done ? 'success' : 'subdued'}
                      accessibilityLabel={t(
                        task.done ? 'overview.setup.done' : 'overview.setup.notDone',
                      )}
                    />
                  </div>
                  <BlockStack gap="200">
                    <Text as="h3" variant="headingSm" tone={task.done ? 'subdued' : undefined}>
                      {task.title}
                    </Text>
                    {task === next ? (
                      <>
                        <Text as="p">{task.text}</Text>
                        <InlineStack>
                          <Button variant="primary" url={task.action.url}>
                            {task.action.content}
                          </Button>
                        </InlineStack>
                      </>
                    ) : null}
                  </BlockStack>
                </InlineStack>
              </li>
            ))}
          </BlockStack>
        </BlockStack>
      </Card>
    </section>
  );
}
