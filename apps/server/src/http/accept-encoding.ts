/**
 * The quality an Accept-Encoding header gives each content coding (RFC 9110 12.5.3): a coding
 * named takes its own (the highest, if named twice; x-gzip counts as gzip), any other the quality
 * of `*`, and null when the header says nothing of it. A piece whose q is not a number is ignored.
 */
export function acceptEncodingQualities(header: string): (coding: string) => number | null {
  const named = new Map<string, number>();
  let any: number | null = null;
  for (const part of header.split(',')) {
    const [token = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    if (Number.isNaN(quality) || !token) continue;
    const coding = token === 'x-gzip' ? 'gzip' : token;
    if (coding === '*') any = quality;
    else named.set(coding, Math.max(named.get(coding) ?? 0, quality));
  }
  return (coding) => named.get(coding) ?? any;
}
