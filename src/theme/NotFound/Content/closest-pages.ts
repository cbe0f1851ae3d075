// The pages whose address is closest to one that found nothing, for the not-found page: addresses are compared segment
// by segment (a folder missing or added costs 1, a segment changed costs its share of letters changed), in lower case,
// with spaces, `%20`, `-` and `_` left out; the last segment, the page's own name, counts once more. Typos, a wrong
// case, a missing or extra folder, `.html` or `.md` at the end, and the reference site's addresses with spaces land
// on their page.

/** The edit distance of two strings, letter by letter. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({length: b.length + 1}, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

const known = new Map<string, number>();

/** How far two segments are apart: 0 alike, 1 nothing in common. Remembered: the site's folders recur in every route. */
function segmentDistance(a: string, b: string): number {
  if (a === b) return 0;
  const key = `${a}/${b}`;
  let distance = known.get(key);
  if (distance === undefined) known.set(key, (distance = editDistance(a, b) / Math.max(a.length, b.length)));
  return distance;
}

/** An address as its segments under the base URL, normalised for comparison. */
function segments(address: string, baseUrl: string): string[] {
  let decoded = address;
  try {
    decoded = decodeURIComponent(address);
  } catch {
    // a malformed escape: compared as typed
  }
  const parts = (decoded.startsWith(baseUrl) ? decoded.slice(baseUrl.length) : decoded).split('/').filter(Boolean);
  const last = parts.at(-1)?.replace(/\.(html?|mdx?)$/i, '');
  if (last !== undefined) parts.splice(-1, 1, ...(last === 'index' ? [] : [last]));
  return parts.map((part) => part.toLowerCase().replace(/[\s_-]+/g, ''));
}

/** How far an address is from a route: segments added, removed or changed, and the last segments once more. */
function addressDistance(typed: string[], route: string[]): number {
  let previous = Array.from({length: route.length + 1}, (_, j) => j);
  for (let i = 1; i <= typed.length; i++) {
    const current = [i];
    for (let j = 1; j <= route.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + segmentDistance(typed[i - 1]!, route[j - 1]!));
    }
    previous = current;
  }
  return previous[route.length]! + segmentDistance(typed.at(-1) ?? '', route.at(-1) ?? '');
}

/**
 * The routes closest to `address`, closest first: at most `limit`, and only those near enough to be what was meant
 * (for an address that resembles no page, none).
 */
export function closestPages(address: string, routes: string[], baseUrl: string, limit = 5): string[] {
  const typed = segments(address, baseUrl);
  if (typed.length === 0) return [];
  const bound = Math.max(1.25, typed.length / 2);
  return routes
    .map((route) => ({route, distance: addressDistance(typed, segments(route, baseUrl))}))
    .filter(({distance}) => distance <= bound)
    .sort((a, b) => a.distance - b.distance || a.route.length - b.route.length)
    .slice(0, limit)
    .map(({route}) => route);
}
