/**
 * The one way dates are written (src/app-api/shop-time.ts): on the shop's clock, in the reader's
 * language, with the zone's name only where the reader's clock shows another time (two
 * clocks unlabelled read "Nov 29, 04:27 AM" beside "Today (Nov 28)" for the same moment).
 */
import { describe, expect, it } from 'vitest';
import { bulkRunName } from '../../src/app-api/bulk-run-name.ts';
import { formatShopTime, needsZoneLabel, type FormatDate } from '../../src/app-api/shop-time.ts';

const english: FormatDate = (date, options) =>
  new Intl.DateTimeFormat('en-US', options).format(date);
const french: FormatDate = (date, options) =>
  new Intl.DateTimeFormat('fr-FR', options).format(date);

// 09:27 UTC on Nov 29 is 4:27 AM in New York: still the 29th there, the 29th in Paris.
const AT = '2026-11-29T09:27:00Z';
const NEW_YORK_SHOP_PARIS_READER = { timeZone: 'America/New_York', viewerTimeZone: 'Europe/Paris' };
const NEW_YORK_EVERYWHERE = { timeZone: 'America/New_York', viewerTimeZone: 'America/New_York' };

describe('a date on the shop’s clock', () => {
  it('is the shop’s time, labelled with its zone for a reader elsewhere', () => {
    expect(formatShopTime(AT, NEW_YORK_SHOP_PARIS_READER, english)).toBe(
      'Nov 29, 2026, 4:27 AM EST',
    );
    expect(formatShopTime(AT, NEW_YORK_SHOP_PARIS_READER, french)).toBe(
      '29 nov. 2026, 04:27 UTC−5',
    );
  });

  it('carries no label where the reader’s clock reads the same', () => {
    expect(formatShopTime(AT, NEW_YORK_EVERYWHERE, english)).toBe('Nov 29, 2026, 4:27 AM');
    expect(formatShopTime(AT, NEW_YORK_EVERYWHERE, french)).toBe('29 nov. 2026, 04:27');
    // Another name for the same clock is the same clock.
    expect(
      needsZoneLabel(new Date(AT), {
        timeZone: 'America/New_York',
        viewerTimeZone: 'America/Detroit',
      }),
    ).toBe(false);
  });

  it('puts the label on where the offsets part, at daylight-saving changes', () => {
    // Phoenix keeps MST all year; Denver moves to MDT in summer.
    const clock = { timeZone: 'America/Phoenix', viewerTimeZone: 'America/Denver' };
    expect(needsZoneLabel(new Date('2026-01-15T12:00:00Z'), clock)).toBe(false);
    expect(needsZoneLabel(new Date('2026-07-15T12:00:00Z'), clock)).toBe(true);
  });

  it('labels every date when the shop’s clock is a stand-in', () => {
    expect(
      formatShopTime(
        AT,
        { timeZone: 'Europe/Paris', viewerTimeZone: 'Europe/Paris', labelAlways: true },
        english,
      ),
    ).toBe('Nov 29, 2026, 10:27 AM GMT+1');
  });

  it('names a bulk run by its start on the shop’s clock', () => {
    expect(
      bulkRunName({ title: 'Best Sellers', createdAt: AT }, NEW_YORK_SHOP_PARIS_READER, english),
    ).toBe('Best Sellers · Nov 29, 4:27 AM EST');
    expect(bulkRunName({ title: 'Été', createdAt: AT }, NEW_YORK_EVERYWHERE, french)).toBe(
      'Été · 29 nov., 04:27',
    );
  });

  it('writes a time of day alone, an instant hours away (a wait’s end), on the shop’s clock', () => {
    expect(formatShopTime(AT, NEW_YORK_SHOP_PARIS_READER, english, 'time')).toBe('4:27 AM EST');
    expect(formatShopTime(AT, NEW_YORK_EVERYWHERE, french, 'time')).toBe('04:27');
    const tokyo = { timeZone: 'Asia/Tokyo', viewerTimeZone: 'Asia/Tokyo' };
    expect(formatShopTime('2026-11-30T14:06:00Z', tokyo, english, 'time')).toBe('11:06 PM');
  });
});
