/**
 * The script served at /sdk/js, standing in for https://www.paypal.com/sdk/js:
 * `window.paypal.Buttons(options)` with the subset of the SDK the app uses.
 * The button is drawn in the page (it carries no buyer data); the approval
 * happens in a frame from the fake (another origin than the app), which
 * records the decision itself and reports it. Messages go to the fake's origin
 * only, and only that frame's messages from that origin are read.
 */
import { scriptJson } from '../stripe-fake/http-replies';

export interface SdkConfig {
  fakeOrigin: string;
  intent: 'capture' | 'subscription';
}

const SCRIPT = String.raw`(function () {
  'use strict';
  if (window.paypal) return;
  var CONFIG = __CONFIG__;
  var FAKE_ORIGIN = CONFIG.fakeOrigin;
  var CHANNEL = 'paypal-fake';
  var LABELS = { paypal: 'Pagar con PayPal', checkout: 'Pagar con PayPal', pay: 'Pagar con PayPal', buynow: 'Comprar ahora con PayPal', subscribe: 'Suscribirme con PayPal' };
  var COLORS = { gold: ['#ffc439', '#111111'], blue: ['#0070ba', '#ffffff'], silver: ['#eeeeee', '#111111'], white: ['#ffffff', '#111111'], black: ['#2c2e2f', '#ffffff'] };

  // A modal overlay holding the approval frame; the rest of the page is inert while it is open.
  function openOverlay(src, onDismiss) {
    var previous = document.activeElement;
    var overlay = document.createElement('div');
    overlay.setAttribute('style', 'position:fixed;inset:0;z-index:2147483647;background:rgba(20,20,30,.6);display:flex;align-items:center;justify-content:center;padding:8px;box-sizing:border-box');
    var dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-label', 'PayPal: aprueba el pago');
    dialog.setAttribute('style', 'background:#fff;border-radius:8px;width:100%;max-width:440px;max-height:100%;display:flex;flex-direction:column;overflow:hidden;box-shadow:0 8px 32px rgba(0,0,0,.35)');
    var frame = document.createElement('iframe');
    frame.src = src;
    frame.title = 'PayPal: aprueba el pago';
    frame.setAttribute('style', 'border:0;width:100%;height:480px;max-height:calc(100vh - 80px)');
    dialog.appendChild(frame);
    var closeButton = document.createElement('button');
    closeButton.type = 'button';
    closeButton.textContent = 'Cerrar';
    closeButton.setAttribute('style', 'margin:8px;padding:10px;font-size:16px;min-height:44px;border-radius:6px;border:1px solid #888;background:#f4f4f4;cursor:pointer');
    closeButton.addEventListener('click', onDismiss);
    dialog.appendChild(closeButton);
    overlay.appendChild(dialog);
    overlay.addEventListener('keydown', function (event) {
      if (event.key === 'Escape') {
        event.preventDefault();
        onDismiss();
      }
    });
    var hidden = Array.prototype.filter.call(document.body.children, function (child) { return !child.inert; });
    hidden.forEach(function (child) { child.inert = true; });
    document.body.appendChild(overlay);
    frame.addEventListener('load', function () { frame.focus(); });
    frame.focus();
    return {
      frame: frame,
      close: function () {
        hidden.forEach(function (child) { child.inert = false; });
        if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
        if (previous && typeof previous.focus === 'function') previous.focus();
      },
    };
  }

  function Buttons(options) {
    options = options || {};
    var isSubscription = typeof options.createSubscription === 'function';
    var style = options.style || {};
    var button = null;
    var approval = null;
    var closed = false;

    function report(error) {
      if (typeof options.onError === 'function') options.onError(error);
      else if (window.console) window.console.error(error);
    }

    function problem() {
      if (isSubscription && typeof options.createOrder === 'function') return 'Pasa createOrder o createSubscription, no ambos.';
      if (isSubscription && CONFIG.intent !== 'subscription') return 'createSubscription requiere cargar el SDK con intent=subscription&vault=true.';
      if (!isSubscription && CONFIG.intent === 'subscription') return 'Con intent=subscription usa createSubscription en lugar de createOrder.';
      if (!isSubscription && typeof options.createOrder !== 'function') return 'Falta createOrder.';
      if (typeof options.onApprove !== 'function') return 'Falta onApprove.';
      return null;
    }

    function setBusy(busy) {
      if (!button) return;
      button.disabled = busy;
      button.setAttribute('aria-busy', busy ? 'true' : 'false');
    }

    // One approval at a time: resolves once the frame reported a decision or the buyer dismissed it.
    function openApproval(id) {
      return new Promise(function (resolve) {
        var ready = false;
        var path = isSubscription ? '/webapps/billing/subscriptions' : '/checkoutnow';
        var query = new URLSearchParams(isSubscription ? { subscription_id: id } : { token: id });
        query.set('origin', window.location.origin);
        function finish(outcome) {
          if (!approval) return;
          window.removeEventListener('message', onMessage);
          approval.close();
          approval = null;
          resolve(outcome);
        }
        function onMessage(event) {
          if (!approval || event.source !== approval.frame.contentWindow || event.origin !== FAKE_ORIGIN) return;
          var data = event.data;
          if (!data || data.channel !== CHANNEL || data.token !== id) return;
          if (data.type === 'ready') ready = true;
          else if (data.type === 'approved') finish({ type: 'approved', data: data.data });
          else if (data.type === 'cancelled') finish({ type: 'cancelled', data: data.data });
          else if (data.type === 'error') finish({ type: 'error', error: new Error(data.message) });
        }
        // Once the frame listens, it decides (a click may be under way there); before that there is nothing to undo.
        function dismiss() {
          if (ready && approval) approval.frame.contentWindow.postMessage({ channel: CHANNEL, type: 'cancel', token: id }, FAKE_ORIGIN);
          else finish({ type: 'cancelled', data: isSubscription ? { orderID: null, subscriptionID: id } : { orderID: id } });
        }
        window.addEventListener('message', onMessage);
        approval = openOverlay(FAKE_ORIGIN + path + '?' + query.toString(), dismiss);
        approval.finish = finish;
      });
    }

    function start() {
      if (approval || closed) return;
      setBusy(true);
      var create = isSubscription ? options.createSubscription : options.createOrder;
      Promise.resolve()
        .then(function () { return create({ paymentSource: 'paypal' }, {}); })
        .then(function (id) {
          if (typeof id !== 'string' || id === '') throw new Error('Se esperaba el id de la ' + (isSubscription ? 'suscripción' : 'orden') + ', no ' + String(id) + '.');
          return openApproval(id);
        })
        .then(function (outcome) {
          setBusy(false);
          if (outcome.type === 'approved') return options.onApprove(outcome.data, {});
          if (outcome.type === 'cancelled') return typeof options.onCancel === 'function' ? options.onCancel(outcome.data) : undefined;
          if (outcome.type === 'error') throw outcome.error;
        })
        .catch(function (error) {
          setBusy(false);
          report(error);
        });
    }

    return {
      isEligible: function () { return true; },
      render: function (target) {
        var reason = problem();
        if (reason) return Promise.reject(new Error(reason));
        var node = typeof target === 'string' ? document.querySelector(target) : target;
        if (!node) return Promise.reject(new Error('No se encontró el contenedor ' + String(target) + '.'));
        if (button || closed) return Promise.reject(new Error('Estos botones ya se renderizaron.'));
        var colors = COLORS[style.color] || COLORS.gold;
        var height = Math.max(44, Math.min(55, Number(style.height) || 45));
        button = document.createElement('button');
        button.type = 'button';
        button.textContent = LABELS[style.label] || LABELS.paypal;
        button.setAttribute('style', 'display:block;width:100%;max-width:750px;min-width:0;height:' + height + 'px;padding:0 16px;border:1px solid rgba(0,0,0,.2);' +
          'border-radius:' + (style.shape === 'pill' ? height / 2 : 4) + 'px;background:' + colors[0] + ';color:' + colors[1] + ';font:600 16px/1.2 system-ui,sans-serif;cursor:pointer');
        button.addEventListener('click', start);
        node.appendChild(button);
        return Promise.resolve();
      },
      close: function () {
        closed = true;
        // The page closed the buttons itself: no callback is owed.
        if (approval) approval.finish({ type: 'closed' });
        if (button && button.parentNode) button.parentNode.removeChild(button);
        button = null;
        return Promise.resolve();
      },
    };
  }

  window.paypal = { version: '5.0.0-fake', FUNDING: { PAYPAL: 'paypal' }, Buttons: Buttons };
})();
`;

export function paypalJsScript(config: SdkConfig): string {
  return SCRIPT.replace('__CONFIG__', scriptJson(config));
}
