import { createHash } from 'node:crypto';

/** Deterministic numbers from a seed, so a cover looks the same every time it is drawn. */
function seeded(seed: string) {
  let state = createHash('sha256').update(seed).digest();
  let index = 0;
  return () => {
    if (index >= state.length - 1) {
      state = createHash('sha256').update(state).digest();
      index = 0;
    }
    const value = state.readUInt16BE(index) / 65_536;
    index += 2;
    return value;
  };
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Splits a title into at most three lines of about `width` characters. */
function lines(text: string, width: number): string[] {
  const result: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = result[result.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= width)
      result[result.length - 1] = `${last} ${word}`;
    else result.push(word);
  }
  if (result.length <= 3) return result;
  return [
    ...result.slice(0, 2),
    `${result
      .slice(2)
      .join(' ')
      .slice(0, width - 1)}…`,
  ];
}

/** An album cover: a gradient, one of four geometric motifs, the title and the artist. */
export function albumCoverSvg(id: string, title: string, artist: string): string {
  const random = seeded(id);
  const hue = Math.floor(random() * 360);
  const second = (hue + 40 + Math.floor(random() * 140)) % 360;
  const motif = Math.floor(random() * 4);
  const shapes: string[] = [];
  for (let i = 0; i < 7; i += 1) {
    const x = Math.round(random() * 640);
    const y = Math.round(random() * 640);
    const size = Math.round(40 + random() * 200);
    const opacity = (0.12 + random() * 0.3).toFixed(2);
    const fill = `hsl(${(hue + i * 23) % 360} 80% ${60 + Math.round(random() * 25)}%)`;
    if (motif === 0)
      shapes.push(
        `<circle cx="${x}" cy="${y}" r="${size / 2}" fill="${fill}" opacity="${opacity}"/>`,
      );
    if (motif === 1)
      shapes.push(
        `<rect x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${size}" transform="rotate(${Math.round(random() * 90)} ${x} ${y})" fill="${fill}" opacity="${opacity}"/>`,
      );
    if (motif === 2)
      shapes.push(
        `<rect x="0" y="${(i * 640) / 7}" width="640" height="${640 / 14}" fill="${fill}" opacity="${opacity}"/>`,
      );
    if (motif === 3)
      shapes.push(
        `<circle cx="320" cy="300" r="${60 + i * 34}" fill="none" stroke="${fill}" stroke-width="${6 + Math.round(random() * 14)}" opacity="${opacity}"/>`,
      );
  }
  const titleLines = lines(title, 18)
    .map((line, i) => `<tspan x="40" dy="${i === 0 ? 0 : 46}">${escapeXml(line)}</tspan>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 640" width="640" height="640" role="img" aria-label="${escapeXml(`${title} by ${artist}`)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 65% 32%)"/><stop offset="1" stop-color="hsl(${second} 70% 18%)"/></linearGradient></defs>
<rect width="640" height="640" fill="url(#g)"/>${shapes.join('')}
<rect x="0" y="470" width="640" height="170" fill="rgb(0 0 0 / 0.35)"/>
<text x="40" y="530" font-family="system-ui, sans-serif" font-size="40" font-weight="700" fill="#fff">${titleLines}</text>
<text x="40" y="612" font-family="system-ui, sans-serif" font-size="26" fill="rgb(255 255 255 / 0.85)">${escapeXml(artist.slice(0, 40))}</text>
</svg>`;
}

/** An artist portrait placeholder: initials on a seeded gradient disc. */
export function artistImageSvg(id: string, name: string): string {
  const random = seeded(id);
  const hue = Math.floor(random() * 360);
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 320" width="320" height="320" role="img" aria-label="${escapeXml(name)}">
<defs><radialGradient id="g" cx="0.3" cy="0.3" r="0.9"><stop offset="0" stop-color="hsl(${hue} 70% 55%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360} 60% 22%)"/></radialGradient></defs>
<rect width="320" height="320" fill="url(#g)"/>
<text x="160" y="160" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="120" font-weight="700" fill="#fff">${escapeXml(initials)}</text>
</svg>`;
}
