import { document, html, join, NO_DOCUMENT, type SafeHtml } from './html.js';

/** A partner as the partners source normalises it (decisions section 3). */
export interface PartnerNode {
  doc: string;
  type: string;
  name: string;
  role: string;
  share_percent: number | null;
  level: number;
  parent_doc: string;
  sanctions_lists: string[];
  pep: boolean;
  /** YYYY-MM-DD the partner entered the company, null when unknown */
  since: string | null;
  /** why a corporate partner's own partners are not shown (the CNPJ register's cycles, depth) */
  note: string | null;
}

/** pf and pj as the sandbox sends them; `estrangeiro`, the CNPJ register's foreign partner, kept apart */
const partnerType = (value: unknown): string => (value === 'pj' || value === 'estrangeiro' ? value : 'pf');

/** Reads the partners source's data defensively: a provider may send less than the sandbox does. */
export function partnersOf(data: Record<string, unknown>, rootDoc: string): PartnerNode[] {
  const list = Array.isArray(data['partners']) ? (data['partners'] as Record<string, unknown>[]) : [];
  return list
    .filter((p) => typeof p === 'object' && p !== null)
    .map((p, i) => ({
      doc: typeof p['doc'] === 'string' ? p['doc'] : `${NO_DOCUMENT}${i + 1}`,
      type: partnerType(p['type']),
      name: typeof p['name'] === 'string' ? p['name'] : 'Nome não informado',
      role: typeof p['role'] === 'string' ? p['role'] : 'Sócio',
      share_percent: typeof p['share_percent'] === 'number' ? p['share_percent'] : null,
      level: typeof p['level'] === 'number' && p['level'] >= 1 ? p['level'] : 1,
      parent_doc: typeof p['parent_doc'] === 'string' ? p['parent_doc'] : rootDoc,
      sanctions_lists: Array.isArray(p['sanctions_lists']) ? (p['sanctions_lists'] as unknown[]).map(String) : [],
      pep: p['pep'] === true,
      since: typeof p['since'] === 'string' ? p['since'] : null,
      note: typeof p['note'] === 'string' ? p['note'] : null,
    }));
}

const NODE_H = 40;
/** the printable width of an A4 page at 96 dpi, less the frame */
const FIT_WIDTH = 676;
const ROW_H = 50;
const PAD = 10;

interface Placed {
  key: string;
  doc: string;
  name: string;
  type: string;
  share: number | null;
  flagged: 'sanctions' | 'pep' | null;
  level: number;
  x: number;
  y: number;
  parent: string | null;
}

/**
 * The ownership tree drawn left to right: the company at level 0, its partners in the next
 * column, their partners after them. Leaves take one row each and a company sits at the middle
 * of its partners, so edges never cross. Edges carry the share of the capital.
 */
export function partnerGraphSvg(root: { doc: string; name: string }, partners: readonly PartnerNode[]): SafeHtml {
  const children = new Map<string, PartnerNode[]>();
  for (const p of partners) children.set(p.parent_doc, [...(children.get(p.parent_doc) ?? []), p]);
  const placed: Placed[] = [];
  let row = 0;
  type Item = { doc: string; name: string; type: string; share: number | null; flagged: Placed['flagged'] };
  // `path`: the companies above this node; one that owns itself through others is drawn as a leaf
  const place = (item: Item, level: number, parent: string | null, key: string, path: ReadonlySet<string>): number => {
    const kids = path.has(item.doc) ? [] : (children.get(item.doc) ?? []);
    const below = new Set(path).add(item.doc);
    const rows = kids.map((k, i) =>
      place({ doc: k.doc, name: k.name, type: k.type, share: k.share_percent, flagged: k.sanctions_lists.length > 0 ? 'sanctions' : k.pep ? 'pep' : null }, level + 1, key, `${key}.${i}`, below),
    );
    const y = rows.length > 0 ? (rows[0]! + rows[rows.length - 1]!) / 2 : row++;
    placed.push({ key, doc: item.doc, name: item.name, type: item.type, share: item.share, flagged: item.flagged, level, x: level, y, parent });
    return y;
  };
  place({ doc: root.doc, name: root.name, type: 'pj', share: null, flagged: null }, 0, null, 'r', new Set());
  const maxLevel = Math.max(...placed.map((p) => p.level));
  // columns sized to print at full scale when they fit, never narrower than a readable name
  const COL_GAP = maxLevel <= 3 ? 26 : 20;
  const NODE_W = Math.max(150, Math.floor((FIT_WIDTH - PAD * 2 - maxLevel * COL_GAP) / (maxLevel + 1)));
  const nameChars = Math.floor((NODE_W - 14) / 5.6);
  const rows = Math.max(1, row);
  const width = PAD * 2 + (maxLevel + 1) * NODE_W + maxLevel * COL_GAP;
  const height = PAD * 2 + (rows - 1) * ROW_H + NODE_H;
  const at = (p: Placed) => ({ left: PAD + p.x * (NODE_W + COL_GAP), top: PAD + p.y * ROW_H });
  const byKey = new Map(placed.map((p) => [p.key, p]));

  const edges = placed
    .filter((p) => p.parent !== null)
    .map((p) => {
      const parent = byKey.get(p.parent!)!;
      const from = at(parent);
      const to = at(p);
      const x1 = from.left + NODE_W;
      const y1 = from.top + NODE_H / 2;
      const x2 = to.left;
      const y2 = to.top + NODE_H / 2;
      const mid = x1 + COL_GAP / 2;
      return html`<path d="M${x1} ${y1} H${mid} V${y2} H${x2}" fill="none" stroke="#8a97a8" stroke-width="1.1"/>${
        p.share === null ? '' : html`<text x="${x2 - 3}" y="${y2 - 3}" text-anchor="end" font-size="8.5" fill="#173f66" font-weight="600">${formatShare(p.share)}</text>`
      }`;
    });

  const nodes = placed.map((p) => {
    const { left, top } = at(p);
    const fill = p.level === 0 ? '#0b2e4f' : p.type === 'pj' ? '#e3edfa' : '#f5f7fa';
    const stroke = p.flagged === 'sanctions' ? '#c0262d' : p.flagged === 'pep' ? '#d49a00' : p.level === 0 ? '#0b2e4f' : '#8a97a8';
    const text = p.level === 0 ? '#ffffff' : '#1d2733';
    const sub = p.level === 0 ? '#d5e2f1' : '#5b6470';
    const kind = p.level === 0 ? 'Analisada' : p.type === 'pj' ? 'PJ' : p.type === 'estrangeiro' ? 'Estrangeiro' : 'PF';
    return html`<g><rect x="${left}" y="${top}" width="${NODE_W}" height="${NODE_H}" rx="5" fill="${fill}" stroke="${stroke}" stroke-width="${p.flagged ? 2.2 : 1}"/>
<text x="${left + 7}" y="${top + 15}" font-size="9.5" font-weight="700" fill="${text}">${truncate(p.name, nameChars)}</text>
<text x="${left + 7}" y="${top + 28}" font-size="8" fill="${sub}">${document(p.doc)}</text>
<text x="${left + NODE_W - 7}" y="${top + 28}" font-size="7.5" fill="${sub}" text-anchor="end">${kind}</text>${
      p.flagged ? html`<text x="${left + NODE_W - 7}" y="${top + 15}" font-size="7.5" font-weight="700" fill="${stroke}" text-anchor="end">${p.flagged === 'sanctions' ? 'SANÇÕES' : 'PEP'}</text>` : ''
    }</g>`;
  });

  // taller than a page: drawn to the page's height (the table after it lists every partner)
  const style = height > 900 ? html` style="height:230mm;width:auto;max-width:100%"` : '';
  return html`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="Open Sans, DejaVu Sans, sans-serif"${style} role="img" aria-label="Grafo societário">${join(edges)}${join(nodes)}</svg>`;
}

const formatShare = (share: number) => `${Number.isInteger(share) ? share : share.toFixed(2).replace('.', ',')}%`;
const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
