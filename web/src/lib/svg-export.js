// A drawn SVG as a file of its own: its styles written into each element (the page's stylesheet
// and custom properties do not go with it), then as SVG text or as a PNG drawn on a canvas.
const SVG_NS = 'http://www.w3.org/2000/svg';
// The properties the picture's stylesheet sets (components/topic/timeline-picture.css).
const STYLED = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'opacity',
  'visibility',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'pointer-events',
];

/** `svg` (in the page) as standalone SVG text: computed styles inline, on a `background` colour. */
export function standaloneSvg(svg, background) {
  const copy = svg.cloneNode(true);
  const from = [svg, ...svg.querySelectorAll('*')];
  const to = [copy, ...copy.querySelectorAll('*')];
  from.forEach((el, i) => {
    const style = getComputedStyle(el);
    for (const p of STYLED) to[i].style.setProperty(p, style.getPropertyValue(p));
  });
  copy.setAttribute('xmlns', SVG_NS);
  const bg = document.createElementNS(SVG_NS, 'rect');
  for (const [k, v] of Object.entries({ width: '100%', height: '100%', fill: background })) bg.setAttribute(k, v);
  copy.insertBefore(bg, copy.firstChild);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`;
}

/** Standalone SVG text as a PNG blob of width x height CSS px at `scale` device px each (a data: image, which the page's img-src allows, drawn on a canvas). */
export async function svgToPng(text, width, height, scale = 2) {
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  canvas.getContext('2d').drawImage(img, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the canvas gave no PNG'))), 'image/png'),
  );
}
