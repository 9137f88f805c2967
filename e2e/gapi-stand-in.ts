import type { BrowserContext } from '@playwright/test';

/*
 * Why this exists: firebase/auth's popup sign-in talks to its helper iframe (served by the Auth
 * emulator at /emulator/auth/iframe) through Google's `gapi.iframes` library, which both the app
 * and that iframe load from https://apis.google.com/js/api.js. The test machine and CI have no
 * internet, so the suite serves this stand-in at that exact URL instead. It implements only
 * what the two sides use (load, getContext().open / getParentIframe, register, send, ping,
 * restyle) over window.postMessage. Everything else in the flow is real: the app's CSP must
 * allow the script and the frame, the SDK opens the emulator's real sign-in page in a popup,
 * and the emulator issues the account and the token.
 */
function standInSource(onloadCallbackName: string | null): string {
  return `(function () {
  'use strict';
  var TAG = 'famjam-e2e-gapi';
  var handlers = {};
  var waiting = {};
  var replies = {};
  var nextId = 1;

  function safely(fn, value) {
    // Real gapi keeps a throwing callback from breaking its channel; so does this.
    try { return fn(value); } catch (error) { return undefined; }
  }

  function answer(source, request) {
    var result = safely(handlers[request.type], request.payload);
    source.postMessage({ tag: TAG, kind: 'reply', id: request.id, replies: [result] }, '*');
  }

  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || data.tag !== TAG) return;
    if (data.kind === 'ping') {
      event.source.postMessage({ tag: TAG, kind: 'pong', id: data.id }, '*');
    } else if (data.kind === 'request') {
      // Requests that arrive before their handler is registered wait for it, as with gapi.
      if (handlers[data.type]) answer(event.source, data);
      else (waiting[data.type] = waiting[data.type] || []).push({ source: event.source, request: data });
    } else if (data.kind === 'reply' || data.kind === 'pong') {
      var callback = replies[data.id];
      delete replies[data.id];
      if (callback) safely(callback, data.replies);
    }
  });

  function channel(target) {
    return {
      register: function (type, handler) {
        handlers[type] = handler;
        var pending = waiting[type] || [];
        delete waiting[type];
        pending.forEach(function (item) { answer(item.source, item.request); });
      },
      send: function (type, payload, callback) {
        var id = nextId++;
        replies[id] = callback || function () {};
        target().postMessage({ tag: TAG, kind: 'request', id: id, type: type, payload: payload }, '*');
      },
      restyle: function () { return Promise.resolve(); },
      ping: function (callback) {
        // The frame may still be loading; knock until its stand-in answers.
        return new Promise(function (resolve) {
          var id = nextId++;
          var timer = setInterval(function () {
            var frame = target();
            if (frame) frame.postMessage({ tag: TAG, kind: 'ping', id: id }, '*');
          }, 50);
          replies[id] = function () {
            clearInterval(timer);
            if (callback) safely(callback);
            resolve([]);
          };
        });
      },
    };
  }

  var context = {
    open: function (options, onOpened) {
      var frame = document.createElement('iframe');
      var attributes = options.attributes || {};
      Object.keys(attributes).forEach(function (name) {
        if (name === 'style') Object.assign(frame.style, attributes.style);
        else frame.setAttribute(name, attributes[name]);
      });
      frame.src = options.url;
      (options.where || document.body).appendChild(frame);
      return onOpened(channel(function () { return frame.contentWindow; }));
    },
    getParentIframe: function () {
      return channel(function () { return window.parent; });
    },
  };

  window.gapi = {
    load: function (name, options) {
      var done = typeof options === 'function' ? options : options && options.callback;
      setTimeout(function () { if (done) done(); }, 0);
    },
    iframes: {
      getContext: function () { return context; },
      CROSS_ORIGIN_IFRAMES_FILTER: 'cross-origin-iframes-filter',
      Iframe: function () {},
    },
  };

  var onload = ${JSON.stringify(onloadCallbackName)};
  if (onload && typeof window[onload] === 'function') window[onload]();
  else if (typeof window.gapi_onload === 'function') window.gapi_onload();
})();
`;
}

/** Serves the stand-in to every page and frame of the context (the app and the emulator iframe). */
export async function serveGapiStandIn(context: BrowserContext): Promise<void> {
  await context.route('https://apis.google.com/js/api.js*', async (route) => {
    const onload = new URL(route.request().url()).searchParams.get('onload');
    await route.fulfill({
      status: 200,
      contentType: 'text/javascript; charset=utf-8',
      headers: { 'access-control-allow-origin': '*' },
      body: standInSource(onload),
    });
  });
}
