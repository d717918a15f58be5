import { isSourceId, SOURCES } from '../domain/run/catalog.js';
import { registerPublication } from '../domain/run/analysis.js';
import { badge, checkTone, date, dateTime, document, html, join, money, number, type SafeHtml } from './html.js';
import { partnerGraphSvg, partnersOf, type PartnerNode } from './partner-graph.js';
import { screeningEvidence, screeningSection } from './screening-section.js';

/** Portuguese labels of the normalised fields the sources answer with; unknown keys show as they are. */
const FIELD_LABELS: Record<string, string> = {
  name: 'Nome',
  birth_date: 'Data de nascimento',
  situacao_cadastral: 'Situação cadastral',
  inscricao_data: 'Data de inscrição',
  razao_social: 'Razão social',
  nome_fantasia: 'Nome fantasia',
  abertura: 'Data de abertura',
  natureza_juridica: 'Natureza jurídica',
  capital_social: 'Capital social',
  data_situacao: 'Data da situação',
  motivo_situacao: 'Motivo da situação',
  endereco: 'Endereço',
  logradouro: 'Logradouro',
  numero: 'Número',
  bairro: 'Bairro',
  municipio: 'Município',
  uf: 'UF',
  cep: 'CEP',
  cnaes: 'CNAEs',
  code: 'Código',
  description: 'Descrição',
  primary: 'Principal',
  lists_checked: 'Listas consultadas',
  matches: 'Correspondências',
  list: 'Lista',
  program: 'Programa',
  reference: 'Referência',
  listed_on: 'Incluído em',
  score: 'Similaridade',
  is_pep: 'Pessoa exposta politicamente',
  role: 'Cargo / função',
  organ: 'Órgão',
  since: 'Desde',
  records: 'Registros',
  listed: 'Consta na lista',
  items: 'Itens',
  title: 'Título',
  outlet: 'Veículo',
  summary: 'Resumo',
  proceedings: 'Processos',
  partners: 'Sócios',
  complemento: 'Complemento',
  pais: 'País',
  porte: 'Porte',
  matriz_filial: 'Matriz / filial',
  situacao_especial: 'Situação especial',
  data_situacao_especial: 'Data da situação especial',
  simples: 'Simples Nacional / MEI',
  opcao_simples: 'Optante pelo Simples',
  data_opcao_simples: 'Opção pelo Simples em',
  data_exclusao_simples: 'Exclusão do Simples em',
  opcao_mei: 'MEI',
  data_opcao_mei: 'Opção pelo MEI em',
  data_exclusao_mei: 'Exclusão do MEI em',
  // receita_cpf by Serpro's Consulta CPF (issue 31)
  situacao_codigo: 'Código da situação',
  ano_obito: 'Ano do óbito',
  fonte: 'Fonte',
  serpro: 'Resposta do Serpro (como retornada)',
  ni: 'CPF (ni)',
};

const fieldLabel = (key: string) => FIELD_LABELS[key] ?? key.replaceAll('_', ' ');

function scalar(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'number') {
    if (key === 'capital_social' || key === 'value') return money(value);
    if (key === 'score' && value <= 1) return `${Math.round(value * 100)}%`;
    return number(value);
  }
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return date(value);
  // `ni`: the CPF in Serpro's answer as returned, masked as every document on screen (the subject's own line shows whose it is)
  if (typeof value === 'string' && key === 'ni' && /^\d{11}$/.test(value)) return document(`***${value.slice(3, 9)}**`);
  if (typeof value === 'string' && (key === 'doc' || key === 'ni')) return document(value);
  return String(value);
}

/** Any normalised data, as nested tables: what a provider sends is shown even when we know no better layout. */
export function genericData(data: Record<string, unknown>): SafeHtml {
  const entries = Object.entries(data);
  if (entries.length === 0) return html`<p class="muted">A fonte não retornou dados normalizados para o titular.</p>`;
  const rows = entries.map(([key, value]) => html`<tr><th>${fieldLabel(key)}</th><td>${genericValue(key, value)}</td></tr>`);
  return html`<table class="kv">${join(rows)}</table>`;
}

function genericValue(key: string, value: unknown): SafeHtml | string {
  if (Array.isArray(value)) {
    if (value.length === 0) return 'Nenhum';
    if (value.every((v) => typeof v !== 'object' || v === null)) return value.map((v) => scalar(key, v)).join('; ');
    return objectTable(value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null));
  }
  if (typeof value === 'object' && value !== null) {
    return html`<table class="kv compact">${join(Object.entries(value as Record<string, unknown>).map(([k, v]) => html`<tr><th>${fieldLabel(k)}</th><td>${genericValue(k, v)}</td></tr>`))}</table>`;
  }
  return scalar(key, value);
}

function objectTable(rows: readonly Record<string, unknown>[]): SafeHtml {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return html`<table class="compact"><thead><tr>${columns.map((c) => html`<th>${fieldLabel(c)}</th>`)}</tr></thead><tbody>${rows.map(
    (r) => html`<tr>${columns.map((c) => html`<td>${genericValue(c, r[c])}</td>`)}</tr>`,
  )}</tbody></table>`;
}

const asRecords = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null) : [];

// Cadastral

function cadastral(data: Record<string, unknown>): SafeHtml {
  const { cnaes, endereco, register, ...rest } = data;
  const address = typeof endereco === 'object' && endereco !== null ? (endereco as Record<string, unknown>) : null;
  const cnaeRows = asRecords(cnaes);
  return html`${publication(register)}${genericData(rest)}${
    address
      ? html`<h4>Endereço</h4><p>${[address['logradouro'], address['numero'], address['complemento']].filter(Boolean).join(', ')}${address['bairro'] ? ` — ${String(address['bairro'])}` : ''}<br>${[
          address['municipio'],
          address['uf'],
        ]
          .filter(Boolean)
          .join('/')}${address['cep'] ? ` — CEP ${String(address['cep'])}` : ''}</p>`
      : ''
  }${
    cnaeRows.length > 0
      ? html`<h4>Atividades econômicas (CNAE)</h4><table class="compact"><thead><tr><th style="width:18%">Código</th><th>Descrição</th><th style="width:14%">Tipo</th></tr></thead><tbody>${cnaeRows.map(
          (c) => html`<tr><td>${String(c['code'] ?? '—')}</td><td>${String(c['description'] ?? '—')}</td><td>${c['primary'] ? 'Principal' : 'Secundária'}</td></tr>`,
        )}</tbody></table>`
      : ''
  }`;
}

/** The CNPJ register's month an answer was read from: the source's publication, so the data can be traced to it. */
function publication(register: unknown): SafeHtml {
  const line = registerPublication(register);
  if (!line) return html``;
  const importedAt = (register as Record<string, unknown>)['imported_at'];
  return html`<p class="small"><strong>Fonte:</strong> ${line}${typeof importedAt === 'string' ? ` (importada em ${dateTime(importedAt)})` : ''}.</p>`;
}

// Partners

export function partnersSection(data: Record<string, unknown>, root: { doc: string; name: string }): SafeHtml {
  const partners = partnersOf(data, root.doc);
  if (partners.length === 0) return html`<p class="muted">A fonte não informou sócios para a empresa.</p>`;
  const levels = [...new Set(partners.map((p) => p.level))].sort((a, b) => a - b);
  const companies = partners.filter((p) => p.type === 'pj').length;
  const foreign = partners.filter((p) => p.type === 'estrangeiro').length;
  const flagged = partners.filter((p) => p.sanctions_lists.length > 0 || p.pep);
  const nameOf = new Map<string, string>([[root.doc, root.name], ...partners.map((p) => [p.doc, p.name] as [string, string])]);
  return html`${publication(data['register'])}<p>${partners.length} participante(s) em ${levels.length} nível(is) de participação: ${partners.length - companies - foreign} pessoa(s) física(s)${foreign > 0 ? `, ${foreign} estrangeiro(s)` : ''} e ${companies} pessoa(s) jurídica(s). ${
    flagged.length > 0 ? `${flagged.length} participante(s) com apontamento (sanções ou PEP).` : 'Nenhum participante com apontamento em sanções ou PEP.'
  }</p>
<div class="graph">${partnerGraphSvg(root, partners)}
<div class="legend"><span><i class="swatch" style="background:#0b2e4f"></i>Empresa analisada</span><span><i class="swatch" style="background:#e3edfa;border:0.6pt solid #8a97a8"></i>Sócio pessoa jurídica</span><span><i class="swatch" style="background:#f5f7fa;border:0.6pt solid #8a97a8"></i>Sócio pessoa física</span><span><i class="swatch" style="border:1.6pt solid #c0262d"></i>Em lista de sanções</span><span><i class="swatch" style="border:1.6pt solid #d49a00"></i>PEP</span><span>${partners.some((p) => p.share_percent !== null) ? 'Percentuais: participação no capital da empresa imediatamente acima.' : 'Participação no capital não informada pela fonte (—).'}</span></div></div>
${levels.map(
  (level) => html`<h4>Nível ${level}</h4><table class="compact"><thead><tr><th style="width:27%">Nome</th><th style="width:17%">Documento</th><th>Qualificação</th><th style="width:8%">Capital</th><th style="width:11%">Desde</th><th style="width:20%">Participa de</th></tr></thead><tbody>${partners
    .filter((p) => p.level === level)
    .map(
      (p) => html`<tr><td>${p.name}</td><td>${document(p.doc)}</td><td>${p.role}${p.type === 'pj' ? ' (PJ)' : p.type === 'estrangeiro' ? ' (estrangeiro)' : ''}</td><td>${p.share_percent === null ? '—' : `${p.share_percent}%`}</td><td>${date(p.since)}</td><td>${nameOf.get(p.parent_doc) ?? document(p.parent_doc)}</td></tr>`,
    )}</tbody></table>`,
)}
<h4>Participação efetiva e beneficiários finais</h4>
<p class="small">Participação efetiva: produto das participações ao longo da cadeia até a empresa analisada. Pessoas físicas com 25% ou mais de participação efetiva são indicadas como beneficiárias finais (critério da IN RFB nº 1.863/2018, art. 8º, e da Circular BCB nº 3.978/2020).</p>
<table class="compact"><thead><tr><th style="width:30%">Pessoa física</th><th style="width:17%">Documento</th><th style="width:14%">Efetiva</th><th>Cadeia de participação</th></tr></thead><tbody>${partners
    .filter((p) => p.type === 'pf')
    .map((p) => ({ p, share: effectiveShare(p, partners, root.doc) }))
    .sort((a, b) => (b.share ?? -1) - (a.share ?? -1))
    .map(
      ({ p, share }) => html`<tr><td>${p.name}${share !== null && share >= 25 ? html` ${badge('Beneficiário final', 'info')}` : ''}</td><td>${document(p.doc)}</td><td>${
        share === null ? 'Não calculável' : `${share.toFixed(2).replace('.', ',')}%`
      }</td><td>${chainOf(p, partners, nameOf)}</td></tr>`,
    )}</tbody></table>
<h4>Ficha dos participantes</h4>
${partners.map((p, i) => {
  const share = effectiveShare(p, partners, root.doc);
  const raw = asRecords(data['partners'])[i] ?? {};
  return html`<div class="card"><div class="head"><span>${i + 1}. ${p.name}</span><span>${p.type === 'pj' ? badge('Pessoa jurídica', 'info') : p.type === 'estrangeiro' ? badge('Estrangeiro', 'neutral') : badge('Pessoa física', 'neutral')}</span></div><div class="grid2">
<div><span class="k">${p.type === 'pj' ? 'CNPJ' : p.type === 'estrangeiro' ? 'Documento' : 'CPF'}</span><br>${document(p.doc)}</div>
<div><span class="k">Qualificação</span><br>${p.role}</div>
<div><span class="k">Participação direta</span><br>${p.share_percent === null ? 'Não informada' : `${p.share_percent}% de ${nameOf.get(p.parent_doc) ?? document(p.parent_doc)}`}</div>
<div><span class="k">Participação efetiva na empresa analisada</span><br>${share === null ? 'Não calculável' : `${share.toFixed(2).replace('.', ',')}%`}</div>
<div><span class="k">Nível na estrutura</span><br>${p.level}</div>
<div><span class="k">Na sociedade desde</span><br>${date(p.since)}</div>
<div><span class="k">Listas de sanções</span><br>${p.sanctions_lists.length > 0 ? p.sanctions_lists.join(', ') : 'Não consta'}</div>
<div><span class="k">Pessoa exposta politicamente</span><br>${p.pep ? 'Sim' : 'Não consta'}</div>${registerDetails(raw)}
</div><div class="small muted" style="margin-top:1mm">Cadeia: ${chainOf(p, partners, nameOf)}</div>${p.note ? html`<div class="small" style="margin-top:1mm">${p.note}</div>` : ''}</div>`;
})}
<h4>Triagem dos participantes</h4>
<table class="compact"><thead><tr><th style="width:30%">Participante</th><th style="width:8%">Nível</th><th>Listas de sanções</th><th style="width:18%">PEP</th></tr></thead><tbody>${partners.map(
    (p: PartnerNode) => html`<tr><td>${p.name}<br><span class="muted small">${document(p.doc)}</span></td><td>${p.level}</td><td>${
      p.sanctions_lists.length > 0 ? badge(p.sanctions_lists.join(', '), 'bad') : badge('Não consta', 'ok')
    }</td><td>${p.pep ? badge('Exposto politicamente', 'warn') : badge('Não consta', 'ok')}</td></tr>`,
  )}</tbody></table>`;
}

/** What the CNPJ register adds to a partner (age band, country, legal representative, best list candidate); nothing for other sources. */
function registerDetails(raw: Record<string, unknown>): SafeHtml {
  const rep = typeof raw['legal_representative'] === 'object' && raw['legal_representative'] !== null ? (raw['legal_representative'] as Record<string, unknown>) : null;
  const best = asRecords(raw['candidates'])[0];
  const cells = [
    typeof raw['age_band'] === 'string' ? html`<div><span class="k">Faixa etária</span><br>${raw['age_band']}</div>` : null,
    typeof raw['country'] === 'string' ? html`<div><span class="k">País</span><br>${raw['country']}</div>` : null,
    rep ? html`<div><span class="k">Representante legal</span><br>${[rep['name'], typeof rep['cpf'] === 'string' ? document(rep['cpf']) : null, rep['role']].filter((v) => typeof v === 'string' && v !== '').join(' — ') || '—'}</div>` : null,
    best && typeof best['score'] === 'number'
      ? html`<div><span class="k">Melhor candidato nas listas</span><br>${String(best['name'] ?? '—')} (${String(best['list_id'] ?? '—')}, pontuação ${best['score'].toFixed(2).replace('.', ',')})</div>`
      : null,
  ];
  return join(cells.filter((c): c is SafeHtml => c !== null));
}

/** The share of the analysed company a partner holds through the chain above it, in percent; null when a link has no share. */
function effectiveShare(partner: PartnerNode, partners: readonly PartnerNode[], rootDoc: string): number | null {
  let share = 1;
  let current: PartnerNode | undefined = partner;
  for (let guard = 0; current && guard < 50; guard++) {
    if (current.share_percent === null) return null;
    share *= current.share_percent / 100;
    if (current.parent_doc === rootDoc) return share * 100;
    const parentDoc: string = current.parent_doc;
    current = partners.find((p) => p.doc === parentDoc);
  }
  return null;
}

function chainOf(partner: PartnerNode, partners: readonly PartnerNode[], names: ReadonlyMap<string, string>): string {
  const chain = [partner.name];
  let parentDoc = partner.parent_doc;
  for (let guard = 0; guard < 50; guard++) {
    chain.push(names.get(parentDoc) ?? document(parentDoc));
    const parent = partners.find((p) => p.doc === parentDoc);
    if (!parent) break;
    parentDoc = parent.parent_doc;
  }
  return chain.join(' → ');
}

// Legal proceedings

const KIND_LABEL: Record<string, string> = { civil: 'Cível', criminal: 'Criminal' };

export function proceedingsSection(data: Record<string, unknown>): SafeHtml {
  const proceedings = asRecords(data['proceedings']);
  if (proceedings.length === 0) return html`<p>Nada consta: nenhum processo judicial encontrado para o titular.</p>`;
  const count = (predicate: (p: Record<string, unknown>) => boolean) => proceedings.filter(predicate).length;
  const total = proceedings.reduce((sum, p) => sum + (typeof p['value'] === 'number' ? p['value'] : 0), 0);
  const byStatus = new Map<string, number>();
  const byCourt = new Map<string, number>();
  for (const p of proceedings) {
    byStatus.set(String(p['status'] ?? '—'), (byStatus.get(String(p['status'] ?? '—')) ?? 0) + 1);
    const court = String(p['court'] ?? '—').split(' - ')[0] ?? '—';
    byCourt.set(court, (byCourt.get(court) ?? 0) + 1);
  }
  return html`<div class="panel">
<div class="cell"><div class="k">Processos</div><div class="v">${proceedings.length}</div></div>
<div class="cell"><div class="k">Cíveis / criminais</div><div class="v">${count((p) => p['kind'] === 'civil')} / ${count((p) => p['kind'] === 'criminal')}</div></div>
<div class="cell"><div class="k">Não arquivados</div><div class="v">${count((p) => p['status'] !== 'Arquivado')}</div></div>
<div class="cell"><div class="k">Valor total em discussão</div><div class="v">${money(total)}</div></div></div>
<table class="compact keep" style="width:70%"><thead><tr><th>Situação</th><th style="width:20%">Processos</th></tr></thead><tbody>${[...byStatus.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([status, n]) => html`<tr><td>${status}</td><td>${n}</td></tr>`)}</tbody></table>
<table class="compact keep" style="width:70%"><thead><tr><th>Tribunal</th><th style="width:20%">Processos</th></tr></thead><tbody>${[...byCourt.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([court, n]) => html`<tr><td>${court}</td><td>${n}</td></tr>`)}</tbody></table>
<h4>Relação dos processos</h4>
${proceedings.map(
  (p, i) => html`<div class="card"><div class="head"><span>${i + 1}. Processo ${String(p['number'] ?? 'sem número')}</span>${badge(
    label(KIND_LABEL, p['kind']),
    p['kind'] === 'criminal' ? 'bad' : 'info',
  )}</div><div class="grid2">
<div><span class="k">Órgão julgador</span><br>${String(p['court'] ?? '—')}</div>
<div><span class="k">Assunto</span><br>${String(p['subject'] ?? '—')}</div>
<div><span class="k">Distribuição</span><br>${date(p['date'])}</div>
<div><span class="k">Situação</span><br>${String(p['status'] ?? '—')}</div>
<div><span class="k">Valor da causa</span><br>${typeof p['value'] === 'number' ? money(p['value']) : 'Não informado'}</div>
<div><span class="k">Justiça / tribunal</span><br>${justice(p['number'])}</div>
</div></div>`,
)}`;
}

const label = (table: Record<string, string>, key: unknown) => (typeof key === 'string' && table[key]) || String(key ?? '—');

const SEGMENTS: Record<string, string> = { '1': 'Supremo Tribunal Federal', '2': 'Conselho Nacional de Justiça', '3': 'Superior Tribunal de Justiça', '4': 'Justiça Federal', '5': 'Justiça do Trabalho', '6': 'Justiça Eleitoral', '7': 'Justiça Militar da União', '8': 'Justiça dos Estados', '9': 'Justiça Militar Estadual' };

/** What the CNJ number (NNNNNNN-DD.AAAA.J.TR.OOOO, Resolução CNJ 65/2008) says about where the case runs. */
function justice(number: unknown): string {
  const match = typeof number === 'string' ? /^\d{7}-\d{2}\.(\d{4})\.(\d)\.(\d{2})\.(\d{4})$/.exec(number) : null;
  if (!match) return 'Numeração fora do padrão CNJ';
  return `${SEGMENTS[match[2]!] ?? 'Segmento ' + match[2]!}, tribunal ${match[3]!}, origem ${match[4]!}, ajuizado em ${match[1]!}`;
}

// Sanctions, PEP, lists, media

function sanctions(data: Record<string, unknown>): SafeHtml {
  const lists = Array.isArray(data['lists_checked']) ? (data['lists_checked'] as unknown[]).map(String) : [];
  const matches = asRecords(data['matches']);
  return html`<p><strong>Listas consultadas:</strong> ${lists.length > 0 ? lists.join('; ') : 'não informadas pela fonte'}.</p>${
    matches.length === 0
      ? html`<p>${badge('Nenhuma correspondência', 'ok')}</p>`
      : html`<table class="compact"><thead><tr><th>Lista</th><th>Nome listado</th><th>Programa</th><th>Referência</th><th>Inclusão</th><th>Similaridade</th></tr></thead><tbody>${matches.map(
          (m) => html`<tr><td>${String(m['list'] ?? '—')}</td><td>${String(m['name'] ?? '—')}</td><td>${String(m['program'] ?? '—')}</td><td>${String(m['reference'] ?? '—')}</td><td>${date(
            m['listed_on'],
          )}</td><td>${scalar('score', m['score'])}</td></tr>`,
        )}</tbody></table>`
  }`;
}

function media(data: Record<string, unknown>): SafeHtml {
  const items = asRecords(data['items']);
  if (items.length === 0) return html`<p>${badge('Nenhuma notícia desabonadora', 'ok')}</p>`;
  return join(
    items.map(
      (item) => html`<div class="card"><div class="head"><span>${String(item['title'] ?? 'Sem título')}</span><span class="muted">${String(item['outlet'] ?? '—')}, ${date(
        item['date'],
      )}</span></div><p>${String(item['summary'] ?? '')}</p></div>`,
    ),
  );
}

const DEVEDOR_LABEL: Record<string, string> = { principal: 'Principal', corresponsavel: 'Corresponsável', solidario: 'Solidário' };

/** `2026_trimestre_02` as a person reads it: 2º trimestre de 2026. */
export const quarterText = (quarter: unknown): string => {
  const m = typeof quarter === 'string' ? /^(\d{4})_trimestre_0([1-4])$/.exec(quarter) : null;
  return m ? `${m[2]}º trimestre de ${m[1]}` : typeof quarter === 'string' ? quarter : '—';
};

/** tax_debts (issue 31): totals per system (each inscription once) and the inscriptions as the PGFN publishes them. */
function taxDebts(data: Record<string, unknown>): SafeHtml {
  const register = (data['register'] ?? {}) as Record<string, unknown>;
  const systems = Object.entries((data['systems'] ?? {}) as Record<string, Record<string, unknown>>).filter(([, s]) => Number(s['count']) > 0);
  const rows = asRecords(data['inscriptions']);
  const threshold = typeof data['min_total'] === 'number' && data['min_total'] > 0 ? html` · limite do modelo: ${money(data['min_total'])}` : '';
  const source = html`<p class="muted">Publicação da PGFN: ${quarterText(register['quarter'])}${threshold}</p>`;
  if (rows.length === 0) return html`<p>${badge('Nada consta na dívida ativa da União', 'ok')}</p>${source}`;
  const label = (system: string, s?: Record<string, unknown>) => html`<span title="${system}">${String(s?.['label'] ?? system)}</span>`;
  const bySystem = Object.fromEntries(systems);
  return html`${source}<table class="compact"><thead><tr><th>Sistema</th><th>Inscrições</th><th>Valor consolidado</th></tr></thead><tbody>${systems.map(
    ([id, s]) => html`<tr><td>${label(id, s)}</td><td>${number(s['count'])}</td><td>${money(s['total'])}</td></tr>`,
  )}<tr><td><strong>Total</strong></td><td><strong>${number(data['count'])}</strong></td><td><strong>${money(data['total'])}</strong></td></tr></tbody></table>
<p class="muted">Cada inscrição é somada uma vez: os corresponsáveis e solidários repetem a inscrição do devedor principal.</p>
<table class="compact"><thead><tr><th>Sistema</th><th>Inscrição</th><th>Devedor</th><th>Situação</th><th>Receita</th><th>Inscrita em</th><th>Ajuizada</th><th>Valor</th></tr></thead><tbody>${rows.map(
    (r) => html`<tr><td>${label(String(r['system']), bySystem[String(r['system'])])}</td><td class="mono">${String(r['numero'] ?? '—')}</td><td>${String(r['nome'] ?? '—')} <span class="mono">${document(r['documento'])}</span> · ${DEVEDOR_LABEL[String(r['tipo_devedor'])] ?? String(r['tipo_devedor'] ?? '—')}</td><td>${String(r['situacao'] ?? '—')}${r['tipo_situacao'] ? html` <span class="muted">(${String(r['tipo_situacao'])})</span>` : ''}</td><td>${String(
      r['receita'] ?? '—',
    )}</td><td>${date(r['data_inscricao'])}</td><td>${r['ajuizado'] === true ? 'Sim' : r['ajuizado'] === false ? 'Não' : '—'}</td><td>${money(r['valor'])}</td></tr>`,
  )}</tbody></table>`;
}

function slaveLabor(data: Record<string, unknown>): SafeHtml {
  return html`<p>${data['listed'] === true ? badge('Consta no cadastro', 'bad') : badge('Não consta', 'ok')} ${data['list'] ? String(data['list']) : ''}</p>${
    Object.keys(data).some((k) => k !== 'listed' && k !== 'list') ? genericData(Object.fromEntries(Object.entries(data).filter(([k]) => k !== 'listed' && k !== 'list'))) : ''
  }`;
}

/**
 * `bcb_restrictions` for a PJ: each partner and administrator of the QSA screened against the
 * central bank's QGI/QGP (src/adapters/sources/bcb-restrictions.ts), a barred one with its PAS.
 */
export function administratorsSection(rows: readonly unknown[]): SafeHtml {
  const people = asRecords(rows);
  if (people.length === 0) return html`<p class="muted">Nenhum sócio ou administrador no quadro societário.</p>`;
  const cell = (barred: unknown): SafeHtml => {
    if (typeof barred !== 'object' || barred === null) return badge('Não consta', 'ok');
    const b = barred as Record<string, unknown>;
    const pas = Array.isArray(b['pas']) ? b['pas'].map(String).join(', ') : '';
    const end = typeof b['end_date'] === 'string' ? `, até ${date(b['end_date'])}` : '';
    return html`${badge('Consta', 'bad')} ${String(b['list'] ?? b['list_id'] ?? '')}: PAS ${pas}${end}`;
  };
  return html`<h4>Sócios e administradores no Banco Central</h4><table class="compact"><thead><tr><th>Nome</th><th>Qualificação</th><th>Documento</th><th>Situação</th></tr></thead><tbody>${people.map(
    (p) => html`<tr><td>${String(p['name'] ?? '')}</td><td>${String(p['role'] ?? '')}</td><td>${typeof p['doc'] === 'string' ? document(p['doc']) : '—'}</td><td>${cell(p['barred'])}</td></tr>`,
  )}</tbody></table>`;
}

/** The sandbox's shape of the issue-31 list sources: listed or not, and what was found. */
function listedOrNot(sourceId: string, data: Record<string, unknown>): SafeHtml {
  const none = sourceId === 'bcb_restrictions' ? 'Não consta nos quadros gerais do Banco Central' : 'Nenhum embargo do IBAMA em vigor';
  const { listed, ...rest } = data;
  const shown = Object.fromEntries(Object.entries(rest).filter(([, v]) => !(Array.isArray(v) && v.length === 0)));
  return html`<p>${listed === true ? badge('Consta', 'bad') : badge(none, 'ok')}</p>${Object.keys(shown).length > 0 ? genericData(shown) : ''}`;
}

/**
 * The normalised data of one source, in the layout that suits it. An answer screened against the
 * loaded lists (any source, live keys) shows its evidence; the sandbox shapes keep their layouts.
 */
export function sourceData(sourceId: string, data: Record<string, unknown>, root: { doc: string; name: string }): SafeHtml {
  if ('screening' in data) {
    const evidence = screeningEvidence(data['screening']);
    // a shape this code cannot read is shown whole rather than in a layout that would hide it
    if (!evidence) return genericData(data);
    const { screening: _, administrators, ...rest } = data;
    return html`${screeningSection(evidence)}${Array.isArray(administrators) ? administratorsSection(administrators) : ''}${Object.keys(rest).length > 0 ? genericData(rest) : ''}`;
  }
  switch (sourceId) {
    case 'receita_cpf':
    case 'receita_cnpj':
      return cadastral(data);
    case 'partners':
      return partnersSection(data, root);
    case 'legal_proceedings':
      return proceedingsSection(data);
    case 'sanctions':
      return sanctions(data);
    case 'negative_media':
      return media(data);
    case 'slave_labor_list':
      return slaveLabor(data);
    case 'bcb_restrictions':
    case 'environmental_embargoes':
      return listedOrNot(sourceId, data);
    case 'tax_debts':
      return taxDebts(data);
    case 'ceis_cnep': {
      const records = asRecords(data['records']);
      return records.length === 0 ? html`<p>${badge('Não consta no CEIS, no CNEP nem nas listas do TCU', 'ok')}</p>` : objectTable(records);
    }
    default:
      return genericData(data);
  }
}

/** Sources of screening.md section 5 that the catalog may not list yet: the catalog's label wins once it does. */
const PENDING_SOURCES: Record<string, { label: string; checks: Record<string, string> }> = {
  internal_lists: { label: 'Listas internas', checks: { internal_list_hit: 'Presença em lista interna' } },
};

export const sourceLabel = (id: string) => (isSourceId(id) ? SOURCES[id].label : (PENDING_SOURCES[id]?.label ?? id));
export const checkLabel = (sourceId: string, checkId: string) =>
  (isSourceId(sourceId) ? SOURCES[sourceId].checks.find((c) => c.id === checkId)?.label : PENDING_SOURCES[sourceId]?.checks[checkId]) ?? checkId;
export const statusBadge = (status: string) => badge(({ VALID: 'Regular', INVALID: 'Apontamento', NO_DATA: 'Sem dados', ERROR: 'Falha técnica' } as Record<string, string>)[status] ?? status, checkTone(status));
