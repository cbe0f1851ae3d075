import type {PrismTheme} from 'prism-react-renderer';

/**
 * Prism themes with every token colour darkened (light background) or lightened (dark background)
 * just enough for WCAG AA text contrast (4.5:1) against the code block background and against the
 * highlighted-line background laid over it. The stock github and dracula themes miss it for
 * comments, numbers, properties and strings.
 */

export type Rgb = [number, number, number];

function parse(colour: string): Rgb {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim());
  if (hex) {
    const h = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
    return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
  }
  const rgb = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)/i.exec(colour.trim());
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  throw new Error(`prism-contrast: cannot read the colour "${colour}"`);
}

const alphaOf = (colour: string) => Number(/^rgba\(.*,\s*([\d.]+)\s*\)$/i.exec(colour.trim())?.[1] ?? 1);
const hex = (c: Rgb) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => a[i] + (b[i] - a[i]) * t) as Rgb;

function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(a: string | Rgb, b: string | Rgb): number {
  const [la, lb] = [a, b].map((c) => luminance(typeof c === 'string' ? parse(c) : c));
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The colour moved towards black or white in small steps until it reaches `target` on every background. */
function readable(colour: string, backgrounds: Rgb[], target: number): string {
  const start = parse(colour);
  const darkBackground = luminance(backgrounds[0]) < 0.18;
  const end: Rgb = darkBackground ? [255, 255, 255] : [0, 0, 0];
  for (let t = 0; t <= 1; t += 0.02) {
    const candidate = mix(start, end, t);
    if (backgrounds.every((bg) => contrast(candidate, bg) >= target)) return t === 0 ? colour : hex(candidate);
  }
  return hex(end);
}

/**
 * @param theme a theme from `themes` of prism-react-renderer
 * @param overlays translucent backgrounds drawn over the code block (e.g. the highlighted-line colour)
 */
export function accessiblePrismTheme(theme: PrismTheme, overlays: string[] = [], target = 4.6): PrismTheme {
  const base = parse(theme.plain.backgroundColor ?? '#ffffff');
  const backgrounds = [base, ...overlays.map((o) => mix(base, parse(o), alphaOf(o)))];
  const fix = (colour?: string) => (colour ? readable(colour, backgrounds, target) : colour);
  return {
    ...theme,
    plain: {...theme.plain, color: fix(theme.plain.color)},
    styles: theme.styles.map((s) => {
      // Opacity would undo the contrast; drop it.
      const {opacity: _opacity, ...style} = s.style;
      return {...s, style: {...style, ...(style.color ? {color: fix(style.color)} : {})}};
    }),
  };
}
