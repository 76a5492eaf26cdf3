import { escapeHtml } from './http-replies';

export interface VoucherParams {
  number: string;
  amountText: string;
  expiresAt: number;
  name: string | null;
  status: string;
}

const dateText = (seconds: number) =>
  new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Mexico_City' }).format(new Date(seconds * 1000));

/** The OXXO voucher (hosted_voucher_url): what the customer shows at the store counter. */
export function voucherPage(params: VoucherParams): string {
  const reference = params.number.replace(/(\d{4})(?=\d)/g, '$1 ');
  const state =
    params.status === 'succeeded'
      ? '<p class="state">Este pago ya se recibió. ¡Gracias!</p>'
      : params.status === 'requires_action'
        ? ''
        : '<p class="state">Esta ficha ya no es válida.</p>';
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Ficha de pago OXXO</title>
<style>*{box-sizing:border-box}body{margin:0;padding:20px;font-family:system-ui,sans-serif;color:#1f1d2b}h1{font-size:20px;margin:0 0 8px}
.amount{font-size:28px;font-weight:700;margin:8px 0}.reference{font-family:ui-monospace,monospace;font-size:clamp(16px,5.5vw,22px);letter-spacing:1px;padding:12px;border:2px dashed #c8102e;border-radius:6px;text-align:center;word-break:break-all}
ol{padding-left:20px;line-height:1.5}.state{font-weight:700;color:#1f6f4a}</style></head><body><main>
<h1>Paga en efectivo en cualquier tienda OXXO</h1>
${state}
<p>Monto a pagar</p><p class="amount">${escapeHtml(params.amountText)}</p>
<p>Número de referencia</p><p class="reference" aria-label="Número de referencia ${escapeHtml(params.number)}">${escapeHtml(reference)}</p>
<p>Vence el <strong>${escapeHtml(dateText(params.expiresAt))}</strong> (hora del centro de México).</p>
${params.name ? `<p>A nombre de: ${escapeHtml(params.name)}</p>` : ''}
<ol><li>Acude a la tienda OXXO más cercana.</li><li>Indica en caja que quieres hacer un pago de OXXOPay.</li>
<li>Dicta el número de referencia y paga en efectivo.</li><li>Conserva tu comprobante.</li></ol>
</main></body></html>`;
}
