/**
 * The app's admin UI extensions (actions and blocks) as the demo admin offers them: each one's REAL production
 * bundle (extensions/build.ts, built once per process into a temporary folder, so a demo never
 * races `npm run build` over extensions/<folder>/dist), its target, and its name from its own
 * locale file (what the admin lists in its menus).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildExtensions } from '../../extensions/build.ts';

export type ActionTarget =
  | 'admin.product-details.action.render'
  | 'admin.collection-details.action.render'
  | 'admin.product-index.selection-action.render';

export type BlockTarget = 'admin.product-details.block.render';

/** A locale file: every string the extension shows, its `name` among them. */
export type LocaleFile = { name: string } & Record<string, unknown>;

export interface AdminExtension {
  folder: string;
  target: string;
  /** The merchant-facing name (`name` in locales/en.default.json). */
  name: string;
  /** locales/en.default.json, for the `shopify.i18n` stand-in. */
  locale: LocaleFile;
  /** Its other locale files by language tag (`fr` for locales/fr.json). */
  translations: Record<string, LocaleFile>;
  bundlePath: string;
}

export type AdminExtensions = () => Promise<AdminExtension[]>;

async function build(): Promise<AdminExtension[]> {
  const outRoot = mkdtempSync(join(tmpdir(), 'demo-extensions-'));
  process.once('exit', () => rmSync(outRoot, { recursive: true, force: true }));
  return Promise.all(
    (await buildExtensions({ outRoot })).map(async (built) => {
      const read = async (file: string) =>
        JSON.parse(await readFile(join(built.dir, 'locales', file), 'utf8')) as LocaleFile;
      const locale = await read('en.default.json');
      const others = (await readdir(join(built.dir, 'locales'))).filter(
        (file) => file.endsWith('.json') && file !== 'en.default.json',
      );
      const translations = Object.fromEntries(
        await Promise.all(
          others.map(async (file) => [file.slice(0, -'.json'.length), await read(file)]),
        ),
      );
      return {
        folder: built.folder,
        target: built.target,
        name: locale.name,
        locale,
        translations,
        bundlePath: built.outfile,
      };
    }),
  );
}

/** The extensions, built on first use; a failed build is retried on the next call. */
export function adminExtensions(): AdminExtensions {
  let built: Promise<AdminExtension[]> | undefined;
  return () => {
    built ??= build().catch((error: unknown) => {
      built = undefined;
      throw error;
    });
    return built;
  };
}

/**
 * The extensions an admin page offers for this target: the actions of its "More actions" >
 * Apps menu, or the blocks it shows below its main cards.
 */
export async function extensionsFor(
  extensions: AdminExtensions,
  target: ActionTarget | BlockTarget,
): Promise<AdminExtension[]> {
  return (await extensions()).filter((extension) => extension.target === target);
}

/**
 * The locale file the admin gives an extension for its user's language, as Shopify picks it:
 * `fr-CA.json`, else `fr.json`, else the default file (English). Its `name` is what the admin
 * shows in its menus and on the action's modal (`name = "t:name"` in shopify.extension.toml).
 */
export function localeFor(
  extension: AdminExtension,
  language: string,
): { language: string; locale: LocaleFile } {
  for (const tag of [language, language.split('-')[0] ?? language]) {
    const translation = extension.translations[tag];
    if (translation !== undefined) return { language: tag, locale: translation };
  }
  return { language: 'en', locale: extension.locale };
}
