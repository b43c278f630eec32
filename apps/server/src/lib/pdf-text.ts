import { createRequire } from 'node:module';
import bidiFactory from 'bidi-js';
import type PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;
/** The parts of fontkit's font and glyph this file uses (pdfkit keeps its fontkit font as `font`). */
interface FkGlyph {
  id: number;
  advanceWidth: number;
  path: { toSVG(): string };
}
interface FkFont {
  unitsPerEm: number;
  ascent: number;
  glyphForCodePoint(cp: number): FkGlyph;
  layout(
    text: string,
    features?: string[],
    script?: string,
    language?: string,
    direction?: string,
  ): { glyphs: FkGlyph[]; positions: { xAdvance: number; xOffset: number; yOffset: number }[] };
}
interface PdfKitFont {
  font: FkFont;
  layout(text: string): {
    glyphs: FkGlyph[];
    positions: { xAdvance: number; xOffset: number; yOffset: number; advanceWidth: number }[];
  };
}

const require = createRequire(import.meta.url);
const bidi = bidiFactory();

/** Noto Sans Arabic: Arabic, Latin and digits in one face, so every line uses one font. */
export const PDF_FONTS = {
  regular: require.resolve('@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf'),
};

/** fontkit's parsed faces, kept across documents (pdfkit takes a parsed font where it takes a path). */
const parsed: Partial<Record<keyof typeof PDF_FONTS, FkFont>> = {};

interface Layout {
  glyphs: FkGlyph[];
  positions: { xAdvance: number; xOffset: number; yOffset: number }[];
  advance: number;
}
/** Laid-out runs and glyph outlines, shared by every document (bounded: a title is seldom drawn twice). */
const LAYOUTS_KEPT = 5000;
const layouts = new Map<string, Layout>();
const outlines = new Map<string, string>();

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
}

/** A stretch of one line at one bidi level, in logical order. */
interface Run {
  text: string;
  level: number;
}

/**
 * The Unicode bidi algorithm for one line (UAX #9, via bidi-js): its runs of one level, in the order
 * they are drawn from left to right (rule L2: from the highest level down to the lowest odd one,
 * every sequence at that level or above is reversed).
 */
export function visualRuns(text: string): Run[] {
  if (!text) return [];
  const { levels } = bidi.getEmbeddingLevels(text);
  const runs: Run[] = [];
  let start = 0;
  for (let i = 1; i <= text.length; i++) {
    if (i === text.length || levels[i] !== levels[start]) {
      runs.push({ text: text.slice(start, i), level: levels[start]! });
      start = i;
    }
  }
  const highest = Math.max(...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => (r.level % 2 ? r.level : r.level + 1)));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < runs.length;) {
      if (runs[i]!.level < level) {
        i++;
        continue;
      }
      let end = i;
      while (end < runs.length && runs[end]!.level >= level) end++;
      runs.splice(i, end - i, ...runs.slice(i, end).reverse());
      i = end;
    }
  }
  return runs;
}

/** The document's faces: `fontOf` makes one current and returns it; `nominal` is a letter's unshaped glyph. */
interface Faces {
  fontOf(bold?: boolean): PdfKitFont;
  nominal(c: string): FkGlyph;
}

function registerFaces(doc: Doc): Faces {
  const activeFont = () => (doc as unknown as { _font: PdfKitFont })._font;
  // Parsed once per process: reading a face's tables again for every document was most of a render.
  for (const face of ['regular', 'bold'] as const) {
    doc.registerFont(face, (parsed[face] ?? PDF_FONTS[face]) as string);
    parsed[face] ??= (doc.font(face), activeFont().font);
  }
  const fontOf = (bold?: boolean): PdfKitFont => {
    doc.font(bold ? 'bold' : 'regular');
    return activeFont();
  };

  /** The invisible layer's font: each letter its nominal glyph, in the order given, never shaped. */
  doc.registerFont('letters', parsed.regular as unknown as string);
  const nominal = (c: string) => parsed.regular!.glyphForCodePoint(c.codePointAt(0)!);
  doc.font('letters');
  activeFont().layout = (text: string) => {
    const glyphs = [...text].map(nominal);
    return {
      glyphs,
      positions: glyphs.map((g) => ({
        xAdvance: g.advanceWidth,
        xOffset: 0,
        yOffset: 0,
        advanceWidth: g.advanceWidth,
      })),
    };
  };
  return { fontOf, nominal };
}

const scaleOf = (font: FkFont, size: number) => size / font.unitsPerEm;
/** Right to left, brackets face the other way (rule L4): "(Rolex)" inside Arabic stays "(Rolex)". */
const mirrored = (text: string) => [...text].map((c) => bidi.getMirroredCharacter(c) ?? c).join('');

/** A run laid out by fontkit, kept: the labels are the same on every invoice, and a line is measured before it is drawn. */
function laidOut({ fontOf }: Faces, run: Run, bold?: boolean): Layout {
  const key = `${bold ? 'b' : 'r'}${run.level % 2}${run.text}`;
  let layout = layouts.get(key);
  if (!layout) {
    const font = fontOf(bold).font;
    const { glyphs, positions } =
      run.level % 2 ? font.layout(mirrored(run.text), undefined, 'arab', undefined, 'rtl') : font.layout(run.text);
    layout = { glyphs, positions, advance: positions.reduce((sum, p) => sum + p.xAdvance, 0) };
    if (layouts.size >= LAYOUTS_KEPT) layouts.clear();
    layouts.set(key, layout);
  }
  return layout;
}

/** A right-to-left run `runW` wide at (x, top): its glyphs' outlines, and its letters invisibly underneath (ADR 0042). */
function drawRtl(doc: Doc, faces: Faces, run: Run, x: number, top: number, style: TextStyle, runW: number) {
  const font = faces.fontOf(style.bold).font;
  const scale = scaleOf(font, style.size);
  const baseline = top + font.ascent * scale;
  const { glyphs, positions } = laidOut(faces, run, style.bold);
  let pen = 0;
  glyphs.forEach((glyph, i) => {
    const p = positions[i]!;
    const key = `${style.bold ? 'b' : 'r'}${glyph.id}`;
    let outline = outlines.get(key);
    if (outline === undefined) outlines.set(key, (outline = glyph.path.toSVG()));
    doc.save();
    doc.translate(x + (pen + p.xOffset) * scale, baseline - p.yOffset * scale);
    doc.scale(scale, -scale);
    doc.path(outline).fill(style.color ?? '#000');
    doc.restore();
    pen += p.xAdvance;
  });
  // The words underneath, in the order a PDF reader expects right-to-left text (visual order),
  // stretched to the painted run's width so readers keep the runs of a line apart.
  const chars = [...run.text].reverse().join('');
  const natural = [...chars].reduce((sum, c) => sum + faces.nominal(c).advanceWidth, 0);
  const fitted = natural > 0 ? (runW / (natural * scale)) * 100 : 100;
  doc.save();
  doc.font('letters').fontSize(style.size).fillOpacity(0);
  // horizontalScaling is pdfkit's (0.14+); its type definitions have not caught up.
  doc.text(chars, x, top, { lineBreak: false, horizontalScaling: fitted } as PDFKit.Mixins.TextOptions);
  doc.restore();
}

/**
 * Bilingual text on a pdfkit page. fontkit shapes Arabic (joining forms, lam-alef) but a line that
 * mixes directions must be split into runs and laid out in visual order first (visualRuns).
 *
 * Noto Sans Arabic draws a letter as a dotless skeleton plus dot marks, so a glyph cannot say which
 * letter it is: text drawn with the shaped glyphs copies out as nonsense. Right-to-left runs are
 * therefore painted as the glyphs' outlines, and the run's letters are written underneath as
 * invisible text in their one-per-letter forms, which copy, search and screen readers read back as
 * the words (ADR 0042).
 */
export function createPdfText(doc: Doc) {
  const faces = registerFaces(doc);

  const runWidth = (run: Run, style: TextStyle) =>
    laidOut(faces, run, style.bold).advance * scaleOf(faces.fontOf(style.bold).font, style.size);

  function width(text: string, style: TextStyle): number {
    return visualRuns(text).reduce((sum, run) => sum + runWidth(run, style), 0);
  }

  /** One line at (x, top), aligned in a box `boxWidth` wide. Returns the line's width. */
  function line(
    text: string,
    x: number,
    top: number,
    style: TextStyle,
    align: 'left' | 'right' | 'center' = 'left',
    boxWidth = 0,
  ) {
    const runs = visualRuns(text);
    const widths = runs.map((r) => runWidth(r, style));
    const total = widths.reduce((a, b) => a + b, 0);
    let pen = align === 'right' ? x + boxWidth - total : align === 'center' ? x + (boxWidth - total) / 2 : x;
    runs.forEach((run, i) => {
      if (run.level % 2) drawRtl(doc, faces, run, pen, top, style, widths[i]!);
      else {
        faces.fontOf(style.bold);
        doc.fontSize(style.size).fillColor(style.color ?? '#000');
        doc.text(run.text, pen, top, { lineBreak: false });
      }
      pen += widths[i]!;
    });
    return total;
  }

  /** Words laid into lines no wider than `max` (a word longer than a line gets a line of its own). */
  function wrap(text: string, max: number, style: TextStyle): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let current = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const next = current ? `${current} ${word}` : word;
        if (current && width(next, style) > max) {
          lines.push(current);
          current = word;
        } else current = next;
      }
      if (current) lines.push(current);
    }
    return lines;
  }

  return { line, width, wrap };
}
