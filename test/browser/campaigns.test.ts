/**
 * The Campaigns page in the real app: a campaign scheduled for tomorrow over a collection, shown
 * as upcoming with its countdown on the store's clock while its scenes are made ahead of time,
 * then cancelled before the start (nothing ever reaches the products); one already started, ended
 * by hand. Cancel and End now ask first, with what they take away in numbers.
 */
import { expect, test } from 'vitest';
import { RESULT_TIMEOUT_MS, demoProducts, pickInResourcePicker } from './support/merchant.ts';
import { confirm, confirmation, screenshotBothWidths } from './support/confirm.ts';
import { browserSuite } from './support/suite.ts';
import { eventually } from './support/eventually.ts';

const suite = browserSuite('campaigns', { connectedMerchant: true });

/** The demo store's smallest collection, its size and how many of its products have an image. */
async function smallestCollection(): Promise<{ title: string; size: number; withImages: number }> {
  const members = new Map<string, { size: number; withImages: number }>();
  for (const product of await demoProducts(suite.stack)) {
    for (const { title } of product.collections) {
      const counts = members.get(title) ?? { size: 0, withImages: 0 };
      counts.size += 1;
      if (product.mediaCount > 0) counts.withImages += 1;
      members.set(title, counts);
    }
  }
  const [title, counts] = [...members].sort((a, b) => a[1].size - b[1].size)[0]!;
  return { title, ...counts };
}

/** The estimate's line for a fresh store: every product with an image is to make. */
function estimateLine({ size, withImages }: { size: number; withImages: number }): string {
  const products = (count: number) => `${count} product${count === 1 ? '' : 's'}`;
  const of = withImages < size ? ` (of ${products(size)})` : '';
  return `${products(withImages)} to make × 5 credits${of}`;
}

test(
  'a campaign is scheduled on the store’s clock, counts down, makes its scenes ahead, and is cancelled',
  async () => {
    const { admin } = suite;
    const collection = await smallestCollection();
    await admin.open('/campaigns');
    await eventually(() => admin.app.getByText('Plan your next season').isVisible()).toBe(true);
    await admin.app.getByLabel('Name').fill('Holiday scenes');
    await admin.app.getByRole('button', { name: 'Select collection' }).click();
    await pickInResourcePicker(admin, 'Select collection', collection.title);
    await admin.app.getByLabel('Preset').selectOption({ label: 'Studio white' });
    await expect
      .poll(() => admin.app.getByText(/Times are your store’s \(America\/New_York\)/).isVisible())
      .toBe(true);
    await eventually(
      () => admin.app.getByText(estimateLine(collection), { exact: true }).isVisible(),
      { timeout: 10_000 },
    ).toBe(true);
    await admin.app.getByRole('button', { name: 'Schedule campaign' }).click();
    // It asks first: what it makes now, for how much, and what goes live (the shop reviews nothing).
    const scheduling = await confirmation(admin, 'Schedule “Holiday scenes”?');
    expect(
      await scheduling
        .getByText(
          new RegExp(
            `^Scenes for ${collection.withImages} products? are made now, for \\d+ credits`,
          ),
        )
        .isVisible(),
    ).toBe(true);
    expect(
      await scheduling.getByText('Every scene goes live at the start, without review.').isVisible(),
    ).toBe(true);
    await screenshotBothWidths(admin, 'confirm-campaign-schedule');
    await confirm(admin, 'Schedule campaign');

    await eventually(() => admin.app.getByRole('heading', { name: 'Holiday scenes' }).isVisible(), {
      timeout: 10_000,
    }).toBe(true);
    expect(await admin.app.getByText('Upcoming', { exact: true }).isVisible()).toBe(true);
    // Tomorrow at midnight on the store's clock: under an hour away in the store's last hour.
    expect(await admin.app.getByText(/^Starts in \d+ (h|min)\b/).isVisible()).toBe(true);
    await eventually(() => admin.app.getByText(/^[1-9]\d* of \d+ scenes ready/).isVisible(), {
      timeout: RESULT_TIMEOUT_MS,
      interval: 500,
    }).toBe(true);
    await admin.screenshot('campaigns-upcoming');

    // Cancelling asks first, with what it throws away; Keep campaign changes nothing.
    const cancelButton = admin.app.getByRole('button', { name: 'Cancel campaign: Holiday scenes' });
    await cancelButton.click();
    const cancelling = await confirmation(admin, 'Cancel “Holiday scenes”?');
    expect(
      await cancelling
        .getByText(new RegExp(`^None of its ${collection.size} products? gets? the scene`))
        .isVisible(),
    ).toBe(true);
    expect(
      await cancelling
        .getByText(
          /^[1-9]\d* results? made or being made for it (is|are) discarded: the [1-9]\d* credits already spent on (it|them) are lost\.$/,
        )
        .isVisible(),
    ).toBe(true);
    await screenshotBothWidths(admin, 'confirm-campaign-cancel');
    expect(await cancelling.getByRole('button', { name: 'Cancel', exact: true }).count()).toBe(0);
    await confirm(admin, 'Keep campaign');
    expect(await admin.app.getByText('Upcoming', { exact: true }).isVisible()).toBe(true);

    await cancelButton.click();
    await confirmation(admin, 'Cancel “Holiday scenes”?');
    await confirm(admin, 'Cancel campaign');
    await eventually(() => admin.app.getByText('Cancelled before the start').isVisible(), {
      timeout: 10_000,
    }).toBe(true);
    await admin.screenshot('campaigns-cancelled');
  },
  3 * RESULT_TIMEOUT_MS,
);

test(
  'ending a live campaign asks first, with the products that lose their scene, then restores them',
  async () => {
    const { admin } = suite;
    const collection = await smallestCollection();
    await admin.open('/campaigns');
    // The first test's campaign is listed above the form.
    await eventually(() => admin.app.getByLabel('Name').isVisible()).toBe(true);
    await admin.app.getByLabel('Name').fill('Flash sale');
    await admin.app.getByRole('button', { name: 'Select collection' }).click();
    await pickInResourcePicker(admin, 'Select collection', collection.title);
    await admin.app.getByLabel('Preset').selectOption({ label: 'Studio white' });
    // Started two days ago on the store's clock: it goes live as soon as its scenes are made.
    const starts = admin.app.getByLabel('Starts');
    const tomorrow = new Date(`${(await starts.inputValue()).slice(0, 10)}T00:00:00Z`);
    await starts.fill(
      `${new Date(tomorrow.getTime() - 3 * 86_400_000).toISOString().slice(0, 10)}T00:00`,
    );
    await eventually(
      () => admin.app.getByText(estimateLine(collection), { exact: true }).isVisible(),
      { timeout: 10_000 },
    ).toBe(true);
    await admin.app.getByRole('button', { name: 'Schedule campaign' }).click();
    await confirmation(admin, 'Schedule “Flash sale”?');
    await confirm(admin, 'Schedule campaign');
    // Scheduled, the form starts afresh: its name, target and prompt kept made a duplicate one
    // click away.
    await eventually(() => admin.app.getByRole('heading', { name: 'Flash sale' }).count(), {
      timeout: 10_000,
    }).toBe(1);
    await eventually(() => admin.app.getByLabel('Name').inputValue()).toBe('Holiday scenes');
    expect(await admin.app.getByLabel('Prompt').inputValue()).toBe('');
    expect(await admin.app.getByRole('button', { name: 'Select collection' }).isVisible()).toBe(
      true,
    );
    expect(await admin.app.getByRole('button', { name: 'Schedule campaign' }).isDisabled()).toBe(
      true,
    );
    await eventually(
      () => admin.app.getByText(`Featured now: ${collection.withImages}`).isVisible(),
      {
        timeout: RESULT_TIMEOUT_MS,
        interval: 500,
      },
    ).toBe(true);

    const end = admin.app.getByRole('button', { name: 'End now: Flash sale' });
    await end.click();
    const ending = await confirmation(admin, 'End “Flash sale” now?');
    const lose = `${collection.withImages} product${collection.withImages === 1 ? ' loses its' : 's lose their'} scene now`;
    expect(await ending.getByText(lose, { exact: false }).isVisible()).toBe(true);
    expect(
      await ending
        .getByText('No result is waiting or being made: no credit already spent is lost.')
        .isVisible(),
    ).toBe(true);
    await screenshotBothWidths(admin, 'confirm-campaign-end');
    await confirm(admin, 'Keep it live');
    expect(await admin.app.getByText('Live', { exact: true }).isVisible()).toBe(true);

    await end.click();
    await confirmation(admin, 'End “Flash sale” now?');
    await confirm(admin, 'End campaign now');
    await eventually(
      () => admin.app.getByText(`Originals restored: ${collection.withImages}`).isVisible(),
      { timeout: RESULT_TIMEOUT_MS, interval: 500 },
    ).toBe(true);
  },
  3 * RESULT_TIMEOUT_MS,
);
