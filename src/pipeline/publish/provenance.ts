/**
 * What a result says about its own making, for machines (EU AI Act Article 50: AI-generated
 * images marked in a machine-readable way from 2 August 2026; search engines and marketplaces
 * read the IPTC digital source type) and for the merchant (an entry beside the media in Shopify,
 * media-provenance.ts).
 *
 * The IPTC digital source type, per kind:
 *  - a photo made from the product's own images: `compositeWithTrainedAlgorithmicMedia`, since
 *    the merchant's product photo is composited into a scene a trained model made;
 *  - a photo made from a prompt alone (no source image): `trainedAlgorithmicMedia`;
 *  - an upscale: `trainedAlgorithmicMedia`, since every pixel of it is drawn by a trained model
 *    (generative super-resolution invents detail the photo did not have), which is more than the
 *    "minor correction" IPTC's `algorithmicallyEnhanced` stands for.
 * Videos are not marked in their file (see the README, "AI transparency").
 */
import type { GenerationKind, GenerationParams } from '../../app-api/contract.ts';
import type { ImageMarks } from '../../platform/images.ts';

export const TOOL_NAME = 'ProductAI Studio';

const SOURCE_TYPES = 'http://cv.iptc.org/newscodes/digitalsourcetype/';
export const TRAINED_ALGORITHMIC_MEDIA = `${SOURCE_TYPES}trainedAlgorithmicMedia`;
export const COMPOSITE_WITH_TRAINED_ALGORITHMIC_MEDIA = `${SOURCE_TYPES}compositeWithTrainedAlgorithmicMedia`;

/** The facts of one result's making. */
export interface Provenance {
  kind: GenerationKind;
  digitalSourceType: string;
  /** The ProductAI model (`upscale` for an upscale). */
  model: string;
  prompt: string | null;
  productAiJobId: number | null;
  /** When the result came back from ProductAI (ISO 8601). */
  generatedAt: string;
}

export function provenanceOf(generation: {
  kind: GenerationKind;
  params: GenerationParams;
  sourceMediaIds: string[];
  productAiJobId: number | null;
  transitions: { state: string; at: string }[];
  updatedAt: string;
}): Provenance {
  const composited = generation.kind === 'photo' && generation.sourceMediaIds.length > 0;
  return {
    kind: generation.kind,
    digitalSourceType: composited
      ? COMPOSITE_WITH_TRAINED_ALGORITHMIC_MEDIA
      : TRAINED_ALGORITHMIC_MEDIA,
    model: generation.params.model ?? generation.kind,
    prompt: generation.kind === 'upscale' ? null : (generation.params.prompt ?? null),
    productAiJobId: generation.productAiJobId,
    // The first move to `saving` is the result's arrival: the same date on every repeat of the
    // stage (an approval from review moves to `saving` again, later).
    generatedAt:
      generation.transitions.find((transition) => transition.state === 'saving')?.at ??
      generation.updatedAt,
  };
}

/**
 * The XMP packet and EXIF fields written into the image: the digital source type, the tool and
 * model, the date (a PNG carries the XMP only: it has them all). Not the prompt: the file is public on the storefront, the prompt is the
 * merchant's (it is in the provenance entry, which only the admin reads).
 */
export function imageMarks(provenance: Provenance): ImageMarks {
  // No parentheses: libvips reads a trailing "(...)" of an EXIF string as its own annotation.
  const tool = `${TOOL_NAME}, model ${provenance.model}`;
  const xmp = [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about=""',
    ' xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"',
    ' xmlns:xmp="http://ns.adobe.com/xap/1.0/">',
    `<Iptc4xmpExt:DigitalSourceType>${escapeXml(provenance.digitalSourceType)}</Iptc4xmpExt:DigitalSourceType>`,
    `<Iptc4xmpExt:AISystemUsed>${escapeXml(tool)}</Iptc4xmpExt:AISystemUsed>`,
    `<xmp:CreatorTool>${escapeXml(tool)}</xmp:CreatorTool>`,
    `<xmp:CreateDate>${escapeXml(provenance.generatedAt)}</xmp:CreateDate>`,
    '</rdf:Description>',
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('');
  return { xmp, exif: { Software: tool, DateTime: exifDate(provenance.generatedAt) } };
}

/** EXIF's own date form, `YYYY:MM:DD HH:MM:SS` (UTC here: EXIF DateTime has no zone). */
function exifDate(iso: string): string {
  return iso.slice(0, 19).replace(/-/g, ':').replace('T', ' ');
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
