/**
 * The buyer's approval at PayPal, for an order (/checkoutnow?token=…) or a
 * subscription (/webapps/billing/subscriptions?ba_token=…). As a full page
 * (the approve link) it redirects to the merchant's return or cancel URL;
 * framed by the SDK stand-in (`origin` in its URL) it reports the decision to
 * that origin only, and takes a cancel (Escape in the parent) from that
 * origin only.
 */
import { escapeHtml, scriptJson } from '../stripe-fake/http-replies';

export interface ApprovalParams {
  /** The key the page was opened with, echoed in its messages. */
  token: string;
  decisionPath: string;
  parentOrigin: string | null;
  heading: string;
  /** Lines describing what is approved: concept, amount, billing cycles. */
  lines: string[];
  /** Null while the buyer can still approve; otherwise why not. */
  closedReason: string | null;
}

const SCRIPT = String.raw`(function () {
  'use strict';
  var config = JSON.parse(document.getElementById('config').textContent);
  var status = document.getElementById('status');
  var buttons = Array.prototype.slice.call(document.querySelectorAll('button'));
  var framed = config.parentOrigin !== null && window.parent !== window;
  var done = false;
  function tell(message) {
    if (!framed) return;
    message.channel = 'paypal-fake';
    message.token = config.token;
    window.parent.postMessage(message, config.parentOrigin);
  }
  function decide(decision) {
    if (done) return;
    done = true;
    buttons.forEach(function (button) { button.disabled = true; });
    status.textContent = decision === 'approve' ? 'Aprobando…' : 'Cancelando…';
    fetch(config.decisionPath, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: config.token, decision: decision }),
    })
      .then(function (response) {
        return response.json().then(function (json) {
          if (!response.ok) throw new Error(json.message || 'Error ' + response.status);
          return json;
        });
      })
      .then(function (result) {
        status.textContent = decision === 'approve' ? 'Pago aprobado.' : 'Pago cancelado.';
        if (framed) return tell({ type: decision === 'approve' ? 'approved' : 'cancelled', data: result.data });
        if (result.redirect) return window.location.assign(result.redirect);
        status.textContent += ' Ya puedes cerrar esta ventana.';
      })
      .catch(function (error) {
        status.textContent = 'No se pudo completar: ' + error.message;
        tell({ type: 'error', message: error.message });
      });
  }
  var approve = document.getElementById('approve');
  if (approve) approve.addEventListener('click', function () { decide('approve'); });
  document.getElementById('cancel').addEventListener('click', function () { decide('cancel'); });
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') { event.preventDefault(); decide('cancel'); }
  });
  // Escape pressed in the embedding page arrives as a message from that page only; going through here keeps one decision.
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!framed || event.source !== window.parent || event.origin !== config.parentOrigin) return;
    if (data && data.channel === 'paypal-fake' && data.type === 'cancel' && data.token === config.token) decide('cancel');
  });
  (approve || document.getElementById('cancel')).focus();
  tell({ type: 'ready' });
})();
`;

export function approvalPage(params: ApprovalParams): string {
  const config = { token: params.token, decisionPath: params.decisionPath, parentOrigin: params.parentOrigin };
  const lines = params.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('');
  const closed = params.closedReason ? `<p class="closed">${escapeHtml(params.closedReason)}</p>` : '';
  const approve = params.closedReason ? '' : '<button type="button" id="approve">Aprobar pago</button>';
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>PayPal (prueba): ${escapeHtml(params.heading)}</title>
<style>*{box-sizing:border-box}body{margin:0;font-family:system-ui,sans-serif;color:#1f1d2b;background:#f5f7fa}main{max-width:480px;margin:0 auto;padding:20px}
.brand{font-weight:800;font-size:22px;color:#003087;margin:0 0 8px}.test{font-size:13px;background:#fff3cd;padding:6px 10px;border-radius:4px}
h1{font-size:20px;margin:16px 0 8px}ul{padding-left:20px;line-height:1.5;overflow-wrap:anywhere}.closed{background:#fdecea;color:#8c1d18;padding:8px 10px;border-radius:4px}
.actions{display:flex;flex-direction:column;gap:10px;margin-top:16px}button{font-size:17px;padding:12px;border-radius:24px;min-height:44px;cursor:pointer;border:2px solid #003087}
#approve{background:#0070ba;border-color:#0070ba;color:#fff;font-weight:700}#cancel{background:#fff;color:#003087}button:disabled{opacity:.6}
button:focus{outline:3px solid #2b9fa8;outline-offset:2px}small{color:#555}</style></head><body>
<main><p class="brand">PayPal <span class="test">Modo de prueba: no se hará ningún cargo real.</span></p>
<h1>${escapeHtml(params.heading)}</h1><ul>${lines}</ul>
<p>Pagarás con la cuenta de comprador de prueba.</p>${closed}
<div class="actions">${approve}<button type="button" id="cancel">Cancelar</button></div>
<p id="status" role="status" aria-live="polite"></p><small>Escape cancela.</small></main>
<script type="application/json" id="config">${scriptJson(config)}</script>
<script>${SCRIPT}</script></body></html>`;
}
