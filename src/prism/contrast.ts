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

/**
 * Code blocks coloured by CSS instead of inline styles. prism-react-renderer writes the theme's colour into a `style`
 * attribute of every token and line: a third of the HTML of a page of JSON examples, and a re-render of every block
 * when the colour mode changes. With `classColouredTheme` the blocks carry only the tokens' class names
 * (`token property`), and `prismTokenCss` colours those classes for both colour modes, in one style sheet.
 */
export function classColouredTheme(theme: PrismTheme): PrismTheme {
  return {plain: {backgroundColor: theme.plain.backgroundColor}, styles: []};
}

const cssDeclarations = (style: PrismTheme['styles'][number]['style']) =>
  Object.entries(style)
    .map(([property, value]) => `${property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${value}`)
    .join(';');

/** The rules that colour a theme's tokens under `[data-theme=<mode>]`, in the theme's order (later rules win, as in the theme). */
export function prismTokenCss(themes: Record<'light' | 'dark', PrismTheme>): string {
  return Object.entries(themes)
    .flatMap(([mode, theme]) => {
      const scope = `[data-theme=${mode}]`;
      const rules = [`${scope}{--prism-color:${theme.plain.color}}`];
      for (const {types, languages, style} of theme.styles) {
        const declarations = cssDeclarations(style);
        if (!declarations) continue;
        const prefixes = languages?.length ? languages.map((l) => `${scope} .language-${l}`) : [scope];
        rules.push(`${prefixes.flatMap((p) => types.map((t) => `${p} .token.${t}`)).join(',')}{${declarations}}`);
      }
      return rules;
    })
    .join('\n');
}

/**
 * The token types that every theme colours exactly like plain text and styles no further (in JSON: punctuation and
 * operators). A code block can write them without a span: half the tokens of a JSON example.
 */
export function plainColouredTypes(themes: Record<'light' | 'dark', PrismTheme>): string[] {
  const modes = Object.values(themes);
  const types = new Set(modes.flatMap((theme) => theme.styles.flatMap((s) => s.types)));
  return [...types].filter((type) =>
    modes.every((theme) => {
      // The last rule for the type wins, as in the CSS; a type no rule names is plain.
      const rule = theme.styles.filter((s) => s.types.includes(type) && !s.languages).at(-1);
      if (theme.styles.some((s) => s.types.includes(type) && s.languages)) return false;
      if (!rule) return true;
      const {color, ...rest} = rule.style;
      return Object.keys(rest).length === 0 && (!color || parse(color).join() === parse(theme.plain.color ?? '#000').join());
    }),
  );
}
