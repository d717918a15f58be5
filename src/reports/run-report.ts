import { canonicalJson, auditedEvent } from '../domain/report/history.js';
import {
  ACTION_LABEL,
  BAND_LABEL,
  CONFIDENCE_LABEL,
  DECISION_LABEL,
  SEVERITY_LABEL,
  STATUS_LABEL,
  TIER_LABEL,
  badge,
  bandTone,
  dateTime,
  decisionTone,
  document,
  documentShell,
  html,
  join,
  label,
  number,
  severityTone,
  type SafeHtml,
} from './html.js';
import { monitoringAlertsSection } from './alerts-section.js';
import { analystDecisionSection } from './review-section.js';
import { assessedDimensions, type RunReportModel } from './run-model.js';
import { administratorsSection, checkLabel, sourceData, sourceLabel, statusBadge } from './source-sections.js';

const MODE_TITLE = { resumido: 'Relatório de Conformidade — Resumo', completo: 'Relatório de Conformidade — Completo' } as const;

/** The footer printed on every page. */
export const reportFooter = (model: RunReportModel) => `${MODE_TITLE[model.mode]} · Consulta ${model.run.run_id}`;

/** At most 4 pages: the decision, the risk, the key findings and the analyst's sign-off. */
export function resumidoHtml(model: RunReportModel): string {
  return documentShell(
    MODE_TITLE.resumido,
    html`${masthead(model)}${identification(model)}${decisionPanel(model)}
<h2>Dimensões de risco</h2>${riskTable(model)}
<h2>Principais apontamentos</h2>${keyFindings(model, 8)}
${attention(model)}
<h2>Fontes consultadas</h2>${sourcesOverview(model)}
${analystDecisionSection(model)}
${signOff(model)}
${integrityNote(model)}`,
  );
}

/** 20+ pages for a company with history: every source's data, the partner graph, proceedings, checks, the event history. */
export function completoHtml(model: RunReportModel): string {
  const root = { doc: model.subject.doc ?? '', name: companyName(model) };
  const answered = model.template.definition.sources.filter((s) => model.run.answers[s.source_id]);
  return documentShell(
    MODE_TITLE.completo,
    html`${cover(model)}
<section class="page-break">${masthead(model)}
<h2>1. Sumário executivo</h2>${identification(model)}${decisionPanel(model)}
<h3>Dimensões de risco</h3>${riskTable(model)}
<h3>Apontamentos</h3>${keyFindings(model, Number.POSITIVE_INFINITY)}
${attention(model)}
<h3>Fontes consultadas</h3>${sourcesOverview(model)}</section>
<section class="page-break"><h2>2. Dados das fontes</h2>
<p class="muted">Dados normalizados devolvidos por cada fonte, como registrados na consulta. Nenhum dado bruto de fornecedor é reproduzido.</p>
${answered.map(
  (s, i) => html`<section class="${i === 0 ? '' : 'source'}"><h3>2.${i + 1} ${sourceLabel(s.source_id)}</h3>${sourceMeta(model, s.source_id, s.tier)}${
    model.run.answers[s.source_id]!.status === 'ERROR'
      ? html`<p>${badge('Falha técnica', 'warn')} A fonte não respondeu: ${model.run.answers[s.source_id]!.error_message ?? model.run.answers[s.source_id]!.error_code ?? 'erro não detalhado'}.</p>`
      : sourceData(s.source_id, model.run.answers[s.source_id]!.data, root)
  }</section>`,
)}${unanswered(model)}</section>
<section class="page-break"><h2>3. Detalhamento das verificações</h2>
<p class="muted">Cada verificação do modelo, com o resultado da fonte, a regra aplicada e a severidade atribuída.</p>${checksDetail(model)}</section>
<section class="page-break"><h2>4. Modelo de análise aplicado</h2>${templateSection(model)}${analystDecisionSection(model)}${signOff(model)}</section>
${monitoringAlertsSection(model, '5. Alertas de monitoramento do cliente')}
<section class="page-break"><h2>Anexo A — Histórico de eventos da consulta</h2>${historyTable(model)}</section>
<section class="page-break"><h2>Anexo B — Registro canônico dos eventos</h2>${canonicalRecord(model)}</section>`,
  );
}

export const companyName = (model: RunReportModel): string => {
  const cadastral = model.run.answers['receita_cnpj']?.data['razao_social'];
  return typeof cadastral === 'string' ? cadastral : (model.subject.name ?? 'Empresa analisada');
};

/**
 * The completo report's section 2 for a screen: each answered source's normalised data in the
 * report's own layout (cadastral data, partners, proceedings, media, ...), lists' screening apart
 * (the screen shows it in its own block). A failed source says it did not answer.
 */
export function sourceDataSections(model: RunReportModel): { source_id: string; label: string; failed: string | null; html: SafeHtml }[] {
  const root = { doc: model.subject.doc ?? '', name: companyName(model) };
  return model.template.definition.sources.flatMap((s) => {
    const answer = model.run.answers[s.source_id];
    if (!answer) return [];
    // a list source's evidence is shown apart; bcb_restrictions of a PJ also screened its partners and administrators
    if ('screening' in answer.data) {
      const administrators = answer.data['administrators'];
      return Array.isArray(administrators) ? [{ source_id: s.source_id, label: sourceLabel(s.source_id), failed: null, html: administratorsSection(administrators) }] : [];
    }
    const failed = answer.status === 'ERROR' ? (answer.error_message ?? answer.error_code ?? 'erro não detalhado') : null;
    return [{ source_id: s.source_id, label: sourceLabel(s.source_id), failed, html: failed ? html`` : sourceData(s.source_id, answer.data, root) }];
  });
}

function masthead(model: RunReportModel): SafeHtml {
  return html`<div class="masthead"><div><div class="brand">KYC · Prevenção à lavagem de dinheiro</div><h1>${MODE_TITLE[model.mode]}</h1></div>
<div class="meta">Consulta ${model.run.run_id}<br>Emitido em ${dateTime(model.generated_at)}</div></div>${
    model.run.environment === 'sandbox' ? html`<div class="sandbox">Ambiente de testes (sandbox): dados simulados, sem valor para decisão real.</div>` : ''
  }`;
}

function cover(model: RunReportModel): SafeHtml {
  return html`<section class="cover">${masthead(model)}
<div class="title"><h1>${model.subject.name ?? 'Titular (dado pessoal eliminado)'}</h1>
<p class="muted">${model.subject.type === 'pj' ? 'CNPJ' : 'CPF'} ${model.subject.doc ? document(model.subject.doc) : '—'}</p></div>
${decisionPanel(model)}
<div class="facts"><table class="kv">
<tr><th>Consulta</th><td>${model.run.run_id}</td></tr>
<tr><th>Modelo de análise</th><td>${model.template.definition.name} (versão ${model.template.version})</td></tr>
<tr><th>Início / conclusão</th><td>${dateTime(model.run.created_at)} / ${dateTime(model.run.completed_at)}</td></tr>
<tr><th>Emissão deste relatório</th><td>${dateTime(model.generated_at)}</td></tr>
<tr><th>Eventos considerados</th><td>${model.history.events.length} (fluxo ${model.history.stream}, revisões 0 a ${model.history.last_revision})</td></tr>
<tr><th>SHA-256 do histórico</th><td class="mono">${model.history.sha256}</td></tr></table></div>
<h3>Conteúdo</h3><ol class="toc"><li>Sumário executivo: decisão, risco e apontamentos</li><li>Dados das fontes: cadastro, quadro societário (grafo), sanções, listas restritivas, processos judiciais, mídia</li><li>Detalhamento das verificações</li><li>Modelo de análise aplicado e parecer do analista</li><li>Anexo A — Histórico de eventos e resumo criptográfico</li><li>Anexo B — Registro canônico dos eventos</li></ol></section>`;
}

function identification(model: RunReportModel): SafeHtml {
  const { run, subject } = model;
  return html`<table class="kv">
<tr><th>Titular</th><td>${subject.name ?? 'Dado pessoal eliminado a pedido do titular'}</td></tr>
<tr><th>${subject.type === 'pj' ? 'CNPJ' : 'CPF'}</th><td>${subject.doc ? document(subject.doc) : '—'}</td></tr>
<tr><th>Tipo</th><td>${subject.type === 'pj' ? 'Pessoa jurídica' : 'Pessoa física'}</td></tr>
<tr><th>Modelo de análise</th><td>${model.template.definition.name} (versão ${model.template.version})</td></tr>
<tr><th>Identificador externo</th><td>${run.external_id ?? '—'}</td></tr>
<tr><th>Situação da consulta</th><td>${label(STATUS_LABEL, run.status)}</td></tr>
<tr><th>Criada / concluída</th><td>${dateTime(run.created_at)} / ${dateTime(run.completed_at)}</td></tr>
</table>`;
}

function decisionPanel(model: RunReportModel): SafeHtml {
  const { run, analysis } = model;
  return html`<div class="panel">
<div class="cell"><div class="k">Decisão</div><div class="v">${badge(run.decision ? label(DECISION_LABEL, run.decision) : 'Sem decisão', decisionTone(run.decision))}</div></div>
<div class="cell"><div class="k">Decisão operacional</div><div class="v">${badge(run.operative_decision ? label(DECISION_LABEL, run.operative_decision) : '—', decisionTone(run.operative_decision))}</div></div>
<div class="cell"><div class="k">Faixa de risco</div><div class="v">${badge(run.risk_band ? label(BAND_LABEL, run.risk_band) : 'Não calculada', bandTone(run.risk_band))}</div></div>
<div class="cell"><div class="k">Confiança</div><div class="v">${label(CONFIDENCE_LABEL, analysis.confidence)}</div></div></div>
<div class="summary"><strong>${run.summary_message}</strong>${
    run.manual_review ? html`<br>Aguardando revisão manual do analista.` : ''
  }${run.review ? html`<br>Decisão do analista em ${dateTime(run.review.reviewed_at)}: ${label(DECISION_LABEL, run.review.decision)}. ${run.review.note}` : ''}${
    run.risk_band === null && run.status === 'blocked' ? html`<br>Faixa de risco não calculada: a consulta foi bloqueada antes da pontuação.` : ''
  }</div>`;
}

/** A dimension no answered source scored (screen and paper say it the same way). */
export const NOT_ASSESSED = 'Sem avaliação';

function riskTable(model: RunReportModel): SafeHtml {
  const dims = model.analysis.risk_dimensions;
  if (dims.length === 0) return html`<p class="muted">Nenhuma dimensão de risco avaliada.</p>`;
  const assessed = assessedDimensions(model.run);
  return html`<table><thead><tr><th>Dimensão</th><th style="width:16%">Faixa</th><th style="width:12%">Pontuação</th><th>Detalhe</th></tr></thead><tbody>${dims.map(
    (d) =>
      assessed.has(d.id)
        ? html`<tr><td>${d.label}</td><td>${badge(label(BAND_LABEL, d.band), bandTone(d.band))}</td><td>${number(d.score)}</td><td>${d.detail}</td></tr>`
        : html`<tr><td>${d.label}</td><td>${badge(NOT_ASSESSED, 'neutral')}</td><td>—</td><td>Nenhuma fonte desta dimensão respondeu.</td></tr>`,
  )}</tbody></table>
<p class="small muted">Limites do modelo: médio a partir de ${model.template.definition.risk_thresholds.medio} pontos, alto a partir de ${model.template.definition.risk_thresholds.alto}. Pesos por severidade: informativa 0, baixa 10, média 25, alta 50, crítica 100 (máximo 100 por dimensão).</p>`;
}

const SEVERITY_ORDER = ['critical', 'high', 'medium', 'low', 'info'];

function keyFindings(model: RunReportModel, limit: number): SafeHtml {
  const findings = [...model.analysis.findings].sort((a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity));
  if (findings.length === 0) return html`<p>${badge('Nenhum apontamento', 'ok')} Todas as verificações executadas resultaram regulares ou sem dados.</p>`;
  const shown = findings.slice(0, limit);
  return html`${shown.map(
    (f) => html`<div class="finding sev-${f.severity}"><div class="title">${f.title} ${badge(`Severidade ${label(SEVERITY_LABEL, f.severity).toLowerCase()}`, severityTone(f.severity))}</div>
<div class="muted small">${f.source_label} · verificação ${checkLabel(f.source_id, f.check_id)}</div><div>${clip(f.detail, 600)}</div></div>`,
  )}${findings.length > shown.length ? html`<p class="muted">Mais ${findings.length - shown.length} apontamento(s) no relatório completo.</p>` : ''}`;
}

function attention(model: RunReportModel): SafeHtml {
  const { blocked_by, review_reasons, incomplete_sources } = model.analysis;
  if (blocked_by.length + review_reasons.length + incomplete_sources.length === 0) return html``;
  return html`<h3>Pontos de atenção</h3><table class="compact"><thead><tr><th style="width:22%">Tipo</th><th>Fonte</th><th>Descrição</th></tr></thead><tbody>${[
    ...blocked_by.map((b) => html`<tr><td>${badge('Bloqueio', 'bad')}</td><td>${b.source_label}</td><td>${b.check_label} (${label(TIER_LABEL, b.tier)})</td></tr>`),
    ...review_reasons.map((r) => html`<tr><td>${badge('Revisão', 'warn')}</td><td>${sourceLabel(r.source_id)}</td><td>${r.reason}</td></tr>`),
    ...incomplete_sources.map((s) => html`<tr><td>${badge('Fonte incompleta', 'warn')}</td><td>${s.label}</td><td>Falha técnica (${s.error_code}), prioridade ${label(TIER_LABEL, s.tier)}${s.error_message ? `: ${s.error_message}` : ''}</td></tr>`),
  ]}</tbody></table>`;
}

function sourcesOverview(model: RunReportModel): SafeHtml {
  return html`<table class="compact"><thead><tr><th>Grupo</th><th>Fonte</th><th style="width:15%">Resultado</th><th style="width:28%">Resumo</th></tr></thead><tbody>${model.analysis.source_groups.flatMap((g) =>
    g.sources.map((s) => html`<tr><td>${g.label}</td><td>${s.label}</td><td>${statusBadge(s.status)}</td><td>${s.summary_label}</td></tr>`),
  )}</tbody></table>`;
}

function sourceMeta(model: RunReportModel, sourceId: string, tier: number): SafeHtml {
  const answer = model.run.answers[sourceId]!;
  const detail = model.detail.find((d) => d.source_id === sourceId);
  return html`<p class="small muted">Prioridade ${label(TIER_LABEL, tier)} · resultado ${detail ? statusBadge(detail.status) : ''} · ${answer.cached ? 'resposta em cache' : 'consulta direta'} · ${number(answer.duration_ms)} ms · registrada em ${dateTime(
    answer.answered_at,
  )}</p>`;
}

function unanswered(model: RunReportModel): SafeHtml {
  const missing = model.template.definition.sources.filter((s) => !model.run.answers[s.source_id]);
  if (missing.length === 0) return html``;
  return html`<h3>Fontes não executadas</h3><p>${missing.map((s) => sourceLabel(s.source_id)).join('; ')}: ${
    model.run.status === 'blocked' ? 'a análise foi interrompida por um bloqueio.' : 'sem resposta registrada.'
  }</p>`;
}

function checksDetail(model: RunReportModel): SafeHtml {
  const rules = model.template.definition.rules;
  return join(
    model.detail.map((source) => {
      const tier = model.template.definition.sources.find((s) => s.source_id === source.source_id)?.tier ?? 3;
      const answer = model.run.answers[source.source_id];
      return html`<div class="keep"><h3>${sourceLabel(source.source_id)}</h3>
<p class="small muted">Prioridade ${label(TIER_LABEL, tier)} · ${source.cached ? 'resposta em cache' : 'consulta direta'} · ${number(source.duration_ms)} ms${
        source.error_code ? ` · erro ${source.error_code}: ${source.error_message ?? ''}` : ''
      }</p>
<table class="compact"><thead><tr><th style="width:22%">Verificação</th><th style="width:13%">Resultado</th><th style="width:18%">Código</th><th>Descrição</th><th style="width:16%">Regra se houver apontamento</th></tr></thead><tbody>${source.checks.map((c) => {
        const recorded = answer?.checks.find((x) => x.check_id === c.check_id);
        const action = rules.find((r) => r.check_id === c.check_id)?.on_invalid ?? (tier === 1 ? 'block' : tier === 2 ? 'pend' : 'info');
        return html`<tr><td>${c.check_label}<br><span class="muted small">${c.check_id}</span></td><td>${statusBadge(c.status)}</td><td>${c.result_code}</td><td>${c.result_label}${
          recorded?.severity ? html`<br><strong>Severidade ${label(SEVERITY_LABEL, recorded.severity).toLowerCase()}</strong>` : ''
        }${recorded?.title ? html`<br>${recorded.title}` : ''}${recorded?.detail ? html`<br><span class="small">${clip(recorded.detail, 900)}</span>` : ''}</td><td>${label(ACTION_LABEL, action)}${
          rules.some((r) => r.check_id === c.check_id) ? ' (regra do modelo)' : ' (padrão da prioridade)'
        }</td></tr>`;
      })}</tbody></table></div>`;
    }),
  );
}

function templateSection(model: RunReportModel): SafeHtml {
  const def = model.template.definition;
  return html`<table class="kv"><tr><th>Nome</th><td>${def.name}</td></tr><tr><th>Identificador / versão</th><td>${model.template.template_id} / ${model.template.version}</td></tr>
<tr><th>Tipo de titular</th><td>${def.subject_type === 'pj' ? 'Pessoa jurídica' : 'Pessoa física'}</td></tr><tr><th>Parâmetros exigidos</th><td>${def.parameters.join(', ') || '—'}</td></tr>
<tr><th>Faixas de risco</th><td>médio a partir de ${def.risk_thresholds.medio}; alto a partir de ${def.risk_thresholds.alto}</td></tr></table>
<h3>Fontes e prioridades</h3><table class="compact"><thead><tr><th>Fonte</th><th style="width:25%">Prioridade</th></tr></thead><tbody>${def.sources.map(
    (s) => html`<tr><td>${sourceLabel(s.source_id)}</td><td>${label(TIER_LABEL, s.tier)}</td></tr>`,
  )}</tbody></table>
<h3>Regras específicas</h3>${
    def.rules.length === 0
      ? html`<p>Nenhuma: vale o padrão por prioridade (crítica bloqueia, importante gera pendência, informativa apenas informa).</p>`
      : html`<table class="compact"><thead><tr><th>Verificação</th><th>Ação em caso de apontamento</th></tr></thead><tbody>${def.rules.map(
          (r) => html`<tr><td>${r.check_id}</td><td>${label(ACTION_LABEL, r.on_invalid)}</td></tr>`,
        )}</tbody></table><p class="small muted">Verificações sem regra específica seguem o padrão por prioridade: crítica bloqueia, importante gera pendência, informativa apenas informa.</p>`
  }`;
}

function signOff(model: RunReportModel): SafeHtml {
  return html`<div class="signoff"><h3 style="margin-top:0">Parecer e assinatura do analista</h3>
<p class="small">Declaro que revisei as informações deste relatório, emitido a partir dos registros da consulta ${model.run.run_id}, e registro o parecer abaixo.</p>
<p><span class="checkbox"></span>Aprovar o relacionamento &nbsp;&nbsp; <span class="checkbox"></span>Reprovar &nbsp;&nbsp; <span class="checkbox"></span>Aprovar com diligência reforçada &nbsp;&nbsp; <span class="checkbox"></span>Comunicar ao COAF</p>
<div class="caption">Fundamentação</div><div class="lines"><div class="line"></div><div class="line"></div><div class="line"></div></div>
<div class="row"><div><div class="line"></div><div class="caption">Analista responsável (nome e matrícula)</div></div><div><div class="line"></div><div class="caption">Data</div></div></div>
<div class="row"><div><div class="line"></div><div class="caption">Assinatura do analista</div></div><div><div class="line"></div><div class="caption">Aprovação do diretor de conformidade (assinatura)</div></div></div></div>`;
}

function integrityNote(model: RunReportModel): SafeHtml {
  return html`<div class="digest small"><strong>Integridade.</strong> Relatório gerado exclusivamente a partir dos ${model.history.events.length} eventos registrados no fluxo ${model.history.stream} (revisões 0 a ${model.history.last_revision}). SHA-256 do histórico: <span class="mono">${model.history.sha256}</span>. O relatório completo reproduz o histórico e o método de cálculo.</div>`;
}

function historyTable(model: RunReportModel): SafeHtml {
  return html`<p>Eventos do fluxo <strong>${model.history.stream}</strong> considerados na emissão, em ordem de revisão. Cada evento é imutável; os metadados identificam quem o originou (chave de API, operador ou o próprio sistema) e em qual requisição.</p>
<table class="compact"><thead><tr><th style="width:5%">Rev.</th><th style="width:8%">Posição</th><th style="width:17%">Tipo</th><th style="width:21%">Registrado em</th><th style="width:18%">Ator</th><th>Requisição / evento</th></tr></thead><tbody>${model.history.events.map(
    (e) => html`<tr><td>${e.revision}</td><td>${e.position}</td><td>${e.type}${eventSummary(e.type, e.data)}</td><td>${dateTime(e.recorded_at)}</td><td>${e.metadata.actor}</td><td class="mono">${
      e.metadata.request_id ?? 'sem requisição (sistema)'
    }<br>${e.id}</td></tr>`,
  )}</tbody></table>
<div class="digest"><strong>Resumo criptográfico do histórico (SHA-256)</strong><br><span class="mono" style="font-size:9pt">${model.history.sha256}</span>
<p class="small" style="margin-top:2mm">Como recalcular: obtenha os eventos do fluxo ${model.history.stream} (GET /operator/v1/audit/streams?category=run, filtrando este fluxo) até a revisão ${model.history.last_revision}. Para cada evento, em ordem de revisão, serialize o objeto {position, stream, revision, type, data, metadata, recorded_at} em JSON canônico (chaves ordenadas em todos os níveis, sem espaços, conforme RFC 8785), codifique em UTF-8 e termine com uma quebra de linha (\\n). O SHA-256 da concatenação dessas linhas deve ser igual ao valor acima. As linhas estão reproduzidas no Anexo B.</p></div>`;
}

function eventSummary(type: string, data: Record<string, unknown>): SafeHtml {
  if (type === 'SourceAnswered') return html`<br><span class="muted small">${sourceLabel(String(data['source_id']))}: ${data['status'] === 'ERROR' ? 'falha técnica' : 'respondida'}</span>`;
  if (type === 'RunCompleted' || type === 'RunReviewed') return html`<br><span class="muted small">${label(DECISION_LABEL, data['decision'])}</span>`;
  if (type === 'RunSourcesRetried') return html`<br><span class="muted small">fontes com falha repetidas: ${(data['sources'] as string[]).map(sourceLabel).join(', ')}</span>`;
  return html``;
}

function canonicalRecord(model: RunReportModel): SafeHtml {
  return html`<p class="small muted">Uma linha por evento, exatamente como entra no cálculo do resumo criptográfico (quebras de linha aqui são apenas de diagramação).</p>${model.history.events.map(
    (e) => html`<div class="event"><strong>Revisão ${e.revision} — ${e.type}</strong><pre class="json mono">${canonicalJson(auditedEvent(e))}</pre></div>`,
  )}`;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
